-- Each web process keeps the session state a request checks in memory
-- (api/src/access/sessionCache.ts) and LISTENs here for what changes it.
-- Triggers send the notifications, so they commit with the change that caused
-- them (a rolled-back change announces nothing) whoever wrote it: the API, a
-- password reset, an operator's SQL.

-- 'u:<id>': a user's name, email, phone, role or token generation changed
-- (a password change or logout everywhere bumps the generation), or the user
-- is gone. The process reads the user again on its next request.
CREATE FUNCTION notify_session_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 'u:' || OLD.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_session_changes
  AFTER UPDATE OF id, name, email, phone, role, token_generation OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_user();

-- 'r:<expires at, ms since epoch> <jti>': a token was revoked (logout). The
-- process refuses it until it would have expired anyway.
CREATE FUNCTION notify_token_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'session_changes',
    'r:' || (extract(epoch FROM NEW.expires_at) * 1000)::bigint || ' ' || NEW.jti
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER revoked_tokens_session_changes
  AFTER INSERT ON revoked_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_token_revoked();
