import { problemFieldRules } from '@oj/shared';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../lib/zod-rules.js';

/** A field of the admin problem form that has a shared rule. */
export type RuledField = keyof typeof problemFieldRules;

/**
 * Hook: `rules(name, label)` gives the antd rules of a problem form field from the shared zod rules
 * (`problemFieldRules`, doc 3 §5), with messages naming the field by its visible `label`. Loads the `messages`
 * namespace the messages come from.
 */
export function useProblemRules(): (name: RuledField, label: string) => FormRule[] {
  const { t } = useTranslation(['adminProblem', 'messages']);
  return (name, label) => zodRules(problemFieldRules[name], label, t);
}
