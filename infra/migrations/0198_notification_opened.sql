-- Issue 38: opening a notification from the bell reads that one (projection 'notification-reads', from
-- NotificationOpened); 'Mark all as read' still moves the user's mark in notification_reads.
-- item_id is the bell's id of the notification: 'match-<alert id>-<search no>' or 'notice-<notice id>'.
CREATE TABLE IF NOT EXISTS notification_opened (
  user_id  text NOT NULL,
  item_id  text NOT NULL,
  PRIMARY KEY (user_id, item_id)
);
