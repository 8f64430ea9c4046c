import { isMessageKey } from '@oj/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';

/** The bounds a zod schema states itself: length for text, value for numbers (undefined when unbounded). */
function bounds(schema: ZodType): Record<string, number> {
  const s = schema as unknown as Record<string, unknown>;
  const out: Record<string, number> = {};
  const min = s.minValue ?? s.minLength;
  const max = s.maxValue ?? s.maxLength;
  if (typeof min === 'number' && Number.isFinite(min)) out.min = min;
  if (typeof max === 'number' && Number.isFinite(max)) out.max = max;
  return out;
}

/**
 * THE adapter from a shared zod rule to antd Form rules: the field is valid when `schema` accepts its value;
 * otherwise the message is the failure's message-catalogue key translated (namespace `messages`, which the
 * caller's useTranslation must load) with `field` (the field's visible label) and the schema's bounds. antd
 * runs it on every change, so an error disappears as soon as the value is fixed.
 */
export function zodRules(schema: ZodType, field: string, t: TFunction): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const res = schema.safeParse(value ?? undefined);
        if (res.success) return;
        const key = res.error.issues[0]?.message ?? '';
        throw new Error(
          isMessageKey(key) ? t(`messages:${key}`, { replace: { field, ...bounds(schema) } }) : key,
        );
      },
    },
  ];
}
