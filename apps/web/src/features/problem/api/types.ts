/** Client-side shapes of the problem API (doc 2 §3 "Problem"; server: modules/problem/problem.query.ts). */

import type { LanguageView, TagVo } from '@oj/shared';

export type { ProblemListFilter, ProblemListItem, TagVo } from '@oj/shared';

export interface TagClassification {
  id: number;
  name: string;
  oj: string;
}

/** An entry of GET /api/get-problem-tags-and-classification (null classification: unclassified tags). */
export interface TagGroup {
  classification: TagClassification | null;
  tagList: (TagVo & { oj?: string })[];
}

export interface ProblemStatusVo {
  status: number;
  score: number | null;
}

export interface Example {
  input: string;
  output: string;
}

/** The problem of GET /api/get-problem-detail (time ms, memory MB, stack MB). */
export interface ProblemDetailVo {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  type: number;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  description: string | null;
  input: string | null;
  output: string | null;
  examples: Example[] | null;
  hint: string | null;
  source: string | null;
  difficulty: number;
  ioScore: number | null;
  codeShare: boolean;
  judgeMode: string;
  judgeCaseMode: string;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  isRemote: boolean;
  remoteOj: string | null;
  /** A remote problem's page on its site (issue 27). */
  remoteUrl?: string | null;
  gid: number | null;
  userExtraFile: Record<string, string> | null;
  userExtraFileNames: string[];
  /** Borderline TLE re-check in force: the margin in % over the time limit within which a case is run again; null off. */
  tleRecheckMargin?: number | null;
  gmtCreate: string;
  gmtModified: string;
}

export interface ProblemCount {
  pid: number;
  total: number;
  ac: number;
  wa: number;
  ce: number;
  pa: number;
  tle: number;
  mle: number;
  re: number;
  pe: number;
  se: number;
}

export interface ProblemDetailResponse {
  problem: ProblemDetailVo;
  /** Description, input, output and hint rendered to safe HTML by the server ('' when empty). */
  statementHtml: { description: string; input: string; output: string; hint: string };
  tags: TagVo[];
  languages: string[];
  codeTemplate: Record<string, string>;
  /** Null when the counts are hidden (a contest whose results are not real-time). */
  problemCount: ProblemCount | null;
  myStatus: number;
}

/** A language as GET /api/get-problem-languages and /api/languages answer it (doc 2 §3 "Language"). */
export type LanguageVo = LanguageView;
