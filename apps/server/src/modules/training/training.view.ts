import type { TrainingAuthName, TrainingVo } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import { trainingCategories, trainingProblems, trainings } from '../../db/schema/index.js';

/** The columns of a training row as the API shows it (doc 2 §3 "Training"), with its category and problem count. */
export const trainingColumns = {
  id: trainings.id,
  title: trainings.title,
  rank: trainings.rank,
  auth: trainings.auth,
  categoryId: trainings.categoryId,
  categoryName: trainingCategories.name,
  categoryColor: trainingCategories.color,
  problemCount: sql<number>`(SELECT count(*)::int FROM ${trainingProblems} WHERE ${trainingProblems.tid} = ${trainings.id})`,
  author: trainings.author,
  gmtModified: trainings.gmtModified,
  gid: trainings.gid,
  status: trainings.status,
  uid: trainings.uid,
};

/** The category join of `trainingColumns`. */
export const categoryJoin = eq(trainingCategories.id, trainings.categoryId);

type Row = {
  id: number;
  title: string;
  rank: number;
  auth: string;
  categoryId: number | null;
  categoryName: string | null;
  categoryColor: string | null;
  problemCount: number;
  author: string;
  gmtModified: Date;
  gid: number | null;
};

/** A selected row as a TrainingVo; `acCount` null when no user is asked about. */
export function toTrainingVo(r: Row, acCount: number | null): TrainingVo {
  return {
    id: r.id,
    title: r.title,
    rank: r.rank,
    auth: r.auth as TrainingAuthName,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    categoryColor: r.categoryColor,
    acCount,
    problemCount: Number(r.problemCount),
    author: r.author,
    gmtModified: r.gmtModified.toISOString(),
    gid: r.gid,
  };
}
