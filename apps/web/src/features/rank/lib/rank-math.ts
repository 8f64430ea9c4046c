import { shownOiRankScore } from '@oj/shared';

/**
 * The figures of the rank tables and the user home, one scale and one meaning everywhere (doc 2 §2.11 / §9, doc 1
 * §2.9, issue 14 defect 10): the OI score is the rank score / 100 (the sum of the best OI rank score per problem;
 * at most two decimals, so one solved problem never shows as 0), the AC rate is accepted problems over judged
 * submissions in percent.
 */
export const oiScore = shownOiRankScore;

/** The AC rate (the problem list's figure, "66.67%"): accepted problems over judged submissions. */
export { acRate } from '../../problem/lib/problem-math.js';
