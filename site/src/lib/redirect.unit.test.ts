import { describe, expect, it } from 'vitest';
import { loginUrlFor } from '@rentals/core/ui/loginUrl';
import { safeRedirect } from './redirect.ts';

const ORIGIN = 'https://rentals.example.in';

describe('safeRedirect', () => {
  it.each([
    ['/my-properties', '/my-properties'],
    ['/properties?city=Pune&bedrooms=2', '/properties?city=Pune&bedrooms=2'],
    ['/properties/abc-123#photos', '/properties/abc-123#photos'],
    ['/edit-property/abc', '/edit-property/abc'],
    ['/browse/../dashboard', '/dashboard'],
    ['/properties?q=50%25%20off', '/properties?q=50%25%20off'],
  ])('keeps the same-origin path %s', (value, path) => {
    expect(safeRedirect(value, ORIGIN)).toBe(path);
  });

  // Each of these leaves the site in a browser if used as a location as is
  // (the attack first), or is not a path of this site at all.
  it.each([
    ['the issue’s tab', '/\t/evil.example/a'],
    ['a newline', '/\n/evil.example/a'],
    ['a carriage return', '/\r/evil.example/a'],
    ['a tab between the slashes, percent-encoded once more', '/%09/evil.example/a'],
    ['a newline, percent-encoded once more', '/%0a/evil.example'],
    ['a carriage return, percent-encoded once more', '/%0D/evil.example'],
    ['a NUL', '/\u0000/evil.example'],
    ['a protocol-relative URL', '//evil.example/a'],
    ['three slashes', '///evil.example'],
    ['slash backslash', '/\\evil.example'],
    ['backslash slash', '\\/evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a double-encoded second slash', '/%252Fevil.example'],
    ['a triple-encoded tab', '/%25250909/evil.example'],
    ['a dot segment that makes two slashes', '/.//evil.example'],
    ['a parent segment that makes two slashes', '/a/..//evil.example'],
    ['an absolute URL', 'https://evil.example/a'],
    ['an absolute URL to this host over another scheme', 'http://rentals.example.in/a'],
    ['a scheme-less host', 'evil.example'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: with a leading slash trick', '/javascript:alert(1)//%0a'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['leading whitespace', ' //evil.example'],
    ['a user-info host', '//user@evil.example'],
    ['an empty value', ''],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirect(value, ORIGIN)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeRedirect(null, ORIGIN)).toBeNull();
  });

  it('never returns anything a browser would resolve off-site', () => {
    const hostile = ['/\t/evil.example', '/.//evil.example', '/%2F/evil.example', '/\\evil'];
    for (const value of hostile) {
      const path = safeRedirect(value, ORIGIN);
      if (path !== null) expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe('loginUrlFor', () => {
  it.each(['/properties/7f0c-11', '/properties?city=Pune&bedrooms=2', '/my-properties#top'])(
    'sends %s through /login and back unchanged',
    (path) => {
      const url = new URL(loginUrlFor(path), ORIGIN);
      expect(url.pathname).toBe('/login');
      expect(safeRedirect(url.searchParams.get('redirect'), ORIGIN)).toBe(path);
    },
  );
});
