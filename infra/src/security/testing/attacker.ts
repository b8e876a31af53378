import { expect } from 'vitest';
import { listingForm } from '@rentals/testing/listingForm';
import type { TestRequestOptions } from '@rentals/testing/testApp';
/**
 * What the attack tests send: plain HTTP calls against the real web server
 * (testing/webServer.ts), as an attacker's client sends them. The listing form
 * a real owner would fill in is @rentals/testing/listingForm.
 */

export type Answer<T = unknown> = { status: number; headers: Headers; text: string; body: T };

/** The same options as the in-process test app's requests. */
export type CallOptions = TestRequestOptions;

/** One HTTP request to `base` (the real server); `body` is the parsed JSON or, failing that, the text. */
export const call = async <T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> => {
  const headers = new Headers(options.headers);
  if (options.token !== undefined) headers.set('authorization', `Bearer ${options.token}`);
  let body: RequestInit['body'] = options.form ?? options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, text, body: parsed as T };
};

/** Creates a listing from the filled-in form as `token`'s owner (a 201) and gives its id. */
export const createListing = async (base: string, token: string): Promise<string> => {
  const created = await call<{ property: { _id: string } }>(base, 'POST', '/api/properties', {
    token,
    form: listingForm(),
  });
  expect(created.status).toBe(201);
  return created.body.property._id;
};
