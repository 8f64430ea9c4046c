import { z } from 'zod';
import { TrainingAuth } from '../constants/enums.js';
import { LIMITS } from '../constants/limits.js';
import { type Page, pageQuery } from './common.js';

/**
 * Training vocabulary shared by server and web (doc 2 §2.13, §3 "Training", "Training problem", "Training rank
 * record"; doc 3 §3-§5). A training's `auth` is 'Public' or 'Private' (TrainingAuth); run times are in ms.
 */

export type TrainingAuthName = (typeof TrainingAuth)[keyof typeof TrainingAuth];

export const TRAINING_LIMITS = {
  titleMax: 255,
  descriptionMax: 65_535,
  pwdMax: 100,
  categoryNameMax: 100,
  colorMax: 50,
  displayIdMax: 20,
  rankMax: LIMITS.rankOrderMax,
  /** Default order number of a new training (doc 3 §5). */
  rankDefault: 1000,
  /** List page size (doc 2 §9). */
  pageSize: 15,
} as const;

const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is out of range`);

/** A training id in a query or body. */
export const tidField = idField('tid');
export const tidQuery = z.object({ tid: tidField });
export const trainingIdField = idField;

const authField = z.enum([TrainingAuth.PUBLIC, TrainingAuth.PRIVATE], {
  error: 'auth must be Public or Private',
});
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /api/get-training-list query (doc 2 §2.13, §7): `uid` lists the trainings that user takes part in. */
export const trainingListQuery = pageQuery.extend({
  keyword: z.string().trim().max(200).optional(),
  categoryId: z.preprocess(emptyToUndefined, idField('categoryId').optional()),
  auth: z.preprocess(emptyToUndefined, authField.optional()),
  uid: z.string().trim().max(64).optional(),
});
export type TrainingListQuery = z.infer<typeof trainingListQuery>;

/** POST /api/register-training body. */
export const registerTrainingBody = z.object({
  tid: tidField,
  password: z.string({ error: 'password is required' }).max(TRAINING_LIMITS.pwdMax),
});

/** GET /api/get-training-rank query. */
export const trainingRankQuery = pageQuery.extend({
  tid: tidField,
  keyword: z.string().trim().max(200).optional(),
});

/** GET /api/get-training-problem-details query. */
export const trainingProblemDetailsQuery = z.object({
  tid: tidField,
  displayId: z.string({ error: 'displayId is required' }).trim().min(1, 'displayId is required').max(100),
});

const displayIdField = z
  .string({ error: 'displayId is required' })
  .trim()
  .min(1, 'displayId is required')
  .max(TRAINING_LIMITS.displayIdMax)
  .regex(/^[A-Za-z0-9_\-.]+$/, 'displayId may hold letters, digits, _ - . only');

/**
 * POST / PUT /api/admin/training body (HOJ's `{training, trainingCategory}`; doc 3 §5): rank 0…2147483647
 * (default 1000), title, description and category required, a password when Private. `dropRegistrations` on PUT:
 * the author chooses to drop existing registrations when changing the password.
 */
export const trainingBody = z
  .object({
    training: z.object({
      id: idField('training.id').optional(),
      title: z
        .string({ error: 'title is required' })
        .trim()
        .min(1, 'title is required')
        .max(TRAINING_LIMITS.titleMax),
      description: z
        .string({ error: 'description is required' })
        .min(1, 'description is required')
        .max(TRAINING_LIMITS.descriptionMax),
      rank: z.coerce.number().int().min(0).max(TRAINING_LIMITS.rankMax).default(TRAINING_LIMITS.rankDefault),
      auth: authField,
      privatePwd: z.string().max(TRAINING_LIMITS.pwdMax).nullish(),
      status: z.boolean().default(true),
    }),
    trainingCategory: z.object({ id: idField('trainingCategory.id') }, { error: 'category is required' }),
    dropRegistrations: z.boolean().default(false),
  })
  .superRefine((b, c) => {
    if (b.training.auth === TrainingAuth.PRIVATE && !b.training.privatePwd?.trim()) {
      c.addIssue({ code: 'custom', path: ['training', 'privatePwd'], message: 'privatePwd is required' });
    }
  });
export type TrainingBody = z.infer<typeof trainingBody>;

/** POST / PUT /api/admin/training/category body (`id` required by PUT). */
export const trainingCategoryBody = z.object({
  id: idField('id').optional(),
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100),
  color: z.string().trim().max(TRAINING_LIMITS.colorMax).default('#409EFF'),
});

/** POST /api/admin/training/add-problem-from-public body. */
export const addTrainingProblemBody = z.object({
  pid: idField('pid'),
  tid: tidField,
  displayId: displayIdField,
});

/** PUT /api/admin/training/problem body: a training-problem link's display id and order. */
export const updateTrainingProblemBody = z.object({
  id: idField('id'),
  displayId: displayIdField.optional(),
  rank: z.coerce.number().int().min(0).max(TRAINING_LIMITS.rankMax).optional(),
});

/** A training category. */
export interface TrainingCategoryVo {
  id: number;
  name: string;
  color: string;
}

/** A training in lists and details (doc 2 §3 "Training"). `acCount` null when no user is asked about. */
export interface TrainingVo {
  id: number;
  title: string;
  rank: number;
  auth: TrainingAuthName;
  categoryId: number | null;
  categoryName: string | null;
  categoryColor: string | null;
  acCount: number | null;
  problemCount: number;
  author: string;
  gmtModified: string;
  gid: number | null;
  /** Detail only. */
  description?: string;
}

/** GET /api/get-training-access. */
export interface TrainingAccessVo {
  access: boolean;
  isAdmin: boolean;
  registered: boolean;
}

/** A row of the training problem list (doc 2 §3 "Training problem"). `myStatus` the best verdict, -10 untried. */
export interface TrainingProblemVo {
  id: number;
  pid: number;
  problemId: string;
  displayId: string;
  rank: number;
  title: string;
  difficulty: number;
  type: number;
  tags: { id: number; name: string; color: string | null }[];
  ac: number;
  total: number;
  myStatus: number;
}

/** A row of the training rank (doc 2 §3 "Training rank record"); `submissionInfo` by display id. */
export interface TrainingRankRecord {
  rank: number;
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  gender: string | null;
  avatar: string | null;
  school: string | null;
  ac: number;
  totalRunTime: number;
  submissionInfo: Record<string, { status: number; runTime: number | null; pid: number }>;
}

/** An admin list row. */
export interface AdminTrainingVo extends TrainingVo {
  status: boolean;
  uid: string | null;
  privatePwd?: string | null;
  description?: string;
}

/** A problem row of the back-office training problem lists: `id` is the problem's id (as in HOJ), also as `pid`. */
export interface TrainingAdminProblemVo {
  id: number;
  pid: number;
  problemId: string;
  title: string;
  author: string;
  auth: number;
  difficulty: number;
  /** The problem's group (null: a site problem). */
  gid: number | null;
  /** With queryExisted: the link's display id and order number. */
  displayId?: string;
  rank?: number;
}

/** A training-problem link (doc 3 §5: problem id mapped to an object with rank and tid). */
export interface TrainingProblemLinkVo {
  id: number;
  tid: number;
  pid: number;
  displayId: string;
  rank: number;
}

/**
 * GET /api/admin/training/get-problem-list and /api/group/get-training-problem-list (doc 3 §7): a page of problems
 * and every link of the training keyed by problem id (the order input edits `trainingProblemMap[pid].rank`).
 */
export interface TrainingAdminProblemList {
  problemList: Page<TrainingAdminProblemVo>;
  trainingProblemMap: Record<string, TrainingProblemLinkVo>;
}
