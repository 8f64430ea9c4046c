import { acmRule } from './acm.js';
import { oiRule } from './oi.js';
import type { BoardRule } from './types.js';

export type { BoardRule, BoardView, CellRow, RowContext } from './types.js';

/** Every scoreboard rule type, by ContestType (0 ACM, 1 OI). A new rule type is one module and one line here. */
const RULES: readonly BoardRule[] = [acmRule as unknown as BoardRule, oiRule as unknown as BoardRule];

const byType = new Map(RULES.map((r) => [r.type, r]));

/** The rule of a contest type; ACM for an unknown type (the schema only stores 0 and 1). */
export function boardRule(type: number): BoardRule {
  return byType.get(type) ?? (acmRule as unknown as BoardRule);
}
