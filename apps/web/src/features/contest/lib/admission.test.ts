import { describe, expect, it } from 'vitest';
import { realTimeResults, submitBlock } from './admission.js';

describe('contest admission on the page (doc 2 §5, §6)', () => {
  it('hides results only in a running OI contest, and never from its admins', () => {
    expect(realTimeResults({ type: 1 }, 0, false)).toBe(false);
    expect(realTimeResults({ type: 1 }, 0, true)).toBe(true);
    expect(realTimeResults({ type: 1 }, 1, false)).toBe(true);
    expect(realTimeResults({ type: 0 }, 0, false)).toBe(true);
  });
  it('blocks submitting before the start, after the end without allowEndSubmit, and unregistered', () => {
    const pub = { auth: 0, allowEndSubmit: false };
    const user = { isContestAdmin: false, registered: false };
    expect(submitBlock(pub, -1, user)).toBe('Contest_not_started');
    expect(submitBlock(pub, 0, user)).toBeNull();
    expect(submitBlock(pub, 1, user)).toBe('Contest_has_ended');
    expect(submitBlock({ ...pub, allowEndSubmit: true }, 1, user)).toBeNull();
    expect(submitBlock({ auth: 2, allowEndSubmit: false }, 0, user)).toBe('Register_first');
    expect(submitBlock({ auth: 2, allowEndSubmit: false }, 0, { ...user, registered: true })).toBeNull();
    expect(submitBlock(pub, -1, { ...user, isContestAdmin: true })).toBeNull();
  });
});
