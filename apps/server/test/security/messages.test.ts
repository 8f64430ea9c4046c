import { formatMessage, isMessageKey, type MessageParams } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Issue 14, defect 3: every refusal carries a stable message key and its parameters besides the English `msg`
 * (`{ status, msg, data, msgKey, msgParams }`), so the web app shows it in the user's language. Walks the kinds
 * of refusal: a service's own (wrong password, with its data kept), a schema failure naming the field, the
 * router's (unknown API, bad URL) and Fastify's (a form content type without a body: 415).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Body {
  status: number;
  msg: string;
  data: unknown;
  msgKey?: string;
  msgParams?: MessageParams;
}

/** The body, checked to hold a catalogue key whose English template with the parameters is `msg`. */
function keyed(raw: string): Body {
  const body = JSON.parse(raw) as Body;
  expect(isMessageKey(body.msgKey), body.msgKey).toBe(true);
  if (isMessageKey(body.msgKey)) expect(formatMessage(body.msgKey, body.msgParams)).toBe(body.msg);
  return body;
}

describe('error bodies carry a message key (defect 3)', () => {
  it('a wrong password: account.badCredentials, the English msg and data.needCaptcha kept', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'root', password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(keyed(res.body)).toMatchObject({
      status: 400,
      msg: 'Please check your username or password',
      msgKey: 'account.badCredentials',
      data: { needCaptcha: false },
    });
  });

  it('a schema failure names the field as a parameter', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(keyed(res.body)).toMatchObject({
      msgKey: 'validation.required',
      msgParams: { field: 'username' },
    });
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/get-problem-list?keyword=${'k'.repeat(201)}`,
    });
    expect(keyed(long.body)).toMatchObject({
      msgKey: 'validation.tooLong',
      msgParams: { field: 'keyword', max: 200 },
    });
  });

  it("the router's and Fastify's own refusals have the same body", async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(keyed(unknown.body)).toMatchObject({ msgKey: 'common.noSuchApi' });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/public/avatar/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    keyed(badUrl.body);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(keyed(form.body)).toMatchObject({ msgKey: 'http.unsupportedMediaType' });
  });
});
