import { MESSAGES, type MessageKey, templateParams } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import enUS from './en-US/index.js';
import zhCN from './zh-CN/index.js';

/** The translation of a catalogue key `area.name` in a locale's `messages` namespace (nested by the dot). */
function lookup(dict: Record<string, Record<string, unknown>>, key: string): unknown {
  const [area, name] = key.split(/\.(.*)/s);
  return (dict.messages?.[area] as Record<string, unknown> | undefined)?.[name];
}

const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * Walks the server's message catalogue (packages/shared messages, issue 14 defect 3): every key the server can
 * send has an en-US and a zh-CN translation naming exactly the template's parameters, and the dictionaries hold
 * no key the catalogue lacks.
 */
describe('the server message catalogue in both languages', () => {
  const keys = Object.keys(MESSAGES) as MessageKey[];

  it('has a translation of every key in en-US and zh-CN with the same parameters', () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      const params = [...new Set(templateParams(MESSAGES[key]))].sort();
      for (const [lang, dict] of [
        ['en-US', enUS],
        ['zh-CN', zhCN],
      ] as const) {
        const text = lookup(dict, key);
        expect(typeof text === 'string' && text.trim() !== '', `${lang} messages:${key}`).toBe(true);
        expect([...new Set(placeholders(text))].sort(), `${lang} messages:${key} parameters`).toEqual(params);
      }
    }
  });

  it('the Chinese dictionary is Chinese: every message with words of its own holds CJK text', () => {
    const hasWords = (key: MessageKey) => /[A-Za-z]{2}/.test(MESSAGES[key].replace(/\{\w+\}/g, ''));
    for (const key of keys.filter(hasWords))
      expect(String(lookup(zhCN, key)), key).toMatch(/[\u4e00-\u9fff]/);
  });

  it('holds no key the server cannot send', () => {
    for (const dict of [enUS, zhCN]) {
      const present = Object.entries(dict.messages ?? {}).flatMap(([area, names]) =>
        Object.keys(names as object).map((n) => `${area}.${n}`),
      );
      expect(present.filter((k) => !(k in MESSAGES))).toEqual([]);
    }
  });
});
