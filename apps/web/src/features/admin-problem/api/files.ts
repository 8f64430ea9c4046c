import { useMutation } from '@tanstack/react-query';
import { unzipSync, zipSync } from 'fflate';
import { apiDownload, apiUpload, type UploadProgress } from '../../../lib/api.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { refreshProblems } from './admin-problem.js';

/** A case of an uploaded test-case zip: file names and the evenly spread score. */
export interface UploadedCase {
  input: string;
  output: string;
  score: number;
}

/**
 * POST /api/file/upload-testcase-zip?mode= (multipart `file`): the paired `*.in` / `*.out|*.ans` files and the
 * upload folder token to send back as `uploadTestcaseDir`. mode default|spj|interactive. With a `gid` the upload
 * is for that group's problem (its admins may upload; docs/groups.md). `onProgress`: bytes sent / total.
 */
export const uploadTestcaseZip = (
  file: File,
  mode: string,
  gid: number | null = null,
  onProgress?: UploadProgress,
) =>
  apiUpload<{ fileList: UploadedCase[]; fileListDir: string }>(
    `/file/upload-testcase-zip?mode=${encodeURIComponent(mode)}${gid == null ? '' : `&gid=${gid}`}`,
    'file',
    file,
    file.name,
    onProgress,
  );

const safe = (s: string) => s.replace(/[^A-Za-z0-9_.+-]/g, '_');

/** GET /api/file/download-testcase?pid=: the problem's test cases as a zip, saved as a file. */
export async function downloadTestcases(pid: number, problemId: string): Promise<void> {
  saveBlob(await apiDownload('/file/download-testcase', { pid }), `problem_${safe(problemId)}_testcase.zip`);
}

/** GET /api/file/export-problem?pid=: one problem as a native zip (bytes). */
export const exportProblem = (pid: number) => apiDownload('/file/export-problem', { pid });

/** Exports one problem as a native zip file download. */
export async function downloadProblemExport(pid: number, problemId: string): Promise<void> {
  saveBlob(await exportProblem(pid), `problem_${safe(problemId)}.zip`);
}

/**
 * Exports several problems as ONE native zip: each problem's zip is fetched and their entries merged
 * (`problem_<id>.json` + `problem_<id>/`), which the native import reads back as several problems.
 */
export async function downloadProblemsExport(pids: number[]): Promise<void> {
  const merged: Record<string, Uint8Array> = {};
  for (const pid of pids) {
    const entries = unzipSync(new Uint8Array(await (await exportProblem(pid)).arrayBuffer()));
    Object.assign(merged, entries);
  }
  saveBlob(
    new Blob([zipSync(merged, { level: 6 })], { type: 'application/zip' }),
    `problems_${pids.length}.zip`,
  );
}

/** Import formats of the import page and their endpoints (multipart field `file`). */
export const IMPORT_FORMATS = [
  { key: 'fps', url: '/file/import-fps-problem', accept: '.xml,.zip' },
  { key: 'qduoj', url: '/file/import-qdoj-problem', accept: '.zip' },
  { key: 'hydro', url: '/file/import-hydro-problem', accept: '.zip' },
  { key: 'native', url: '/file/import-problem', accept: '.zip' },
  { key: 'kattis', url: '/file/import-kattis-problem', accept: '.zip' },
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number]['key'];

/** One problem of an import: imported, or refused with the reason. */
export interface ImportResult {
  file?: string;
  title: string;
  pid: number | null;
  problemId: string | null;
  imported: boolean;
  reason?: string;
  /** What the importer could not carry over (LaTeX it kept as text, pictures it could not store). */
  notes?: string[];
}

/**
 * POST the package to the format's import endpoint; answers one result per problem found. `onProgress`: bytes of
 * the package sent / total; `progressId`: the server's count of problems done, polled (issue 28).
 */
export async function importProblems(
  format: ImportFormat,
  file: File,
  onProgress?: UploadProgress,
  progressId?: string,
): Promise<ImportResult[]> {
  const f = IMPORT_FORMATS.find((x) => x.key === format) ?? IMPORT_FORMATS[0];
  const url = progressId ? `${f.url}?progressId=${encodeURIComponent(progressId)}` : f.url;
  return apiUpload<ImportResult[]>(url, 'file', file, file.name, onProgress);
}
export const useImportProblems = () =>
  useMutation({
    mutationFn: (v: { format: ImportFormat; file: File; onProgress?: UploadProgress; progressId?: string }) =>
      importProblems(v.format, v.file, v.onProgress, v.progressId),
    onSuccess: refreshProblems,
  });
