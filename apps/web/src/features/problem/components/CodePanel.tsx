import { ExperimentOutlined, SendOutlined } from '@ant-design/icons';
import { isFinishedStatus, ProblemType } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CodeEditor,
  type EditorLook,
  EditorToolbar,
  languageForFile,
  loadGlobalLook,
  loadSavedCode,
  normalizeLook,
  pickLanguage,
  saveCode,
  saveGlobalLook,
} from '../../../components/code-editor/index.js';
import { lazyOnOpen } from '../../../components/lazy-on-open.js';
import { t as tt } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';
import { session, useSession } from '../../../lib/session.js';
import { submissionKeys } from '../../submission/api/keys.js';
import { type SubmitScope, submitProblemJudge } from '../../submission/api/submit.js';
import { SubmitStatusPanel } from '../../submission/components/SubmitStatusPanel.js';
import { submissionDetailPath } from '../../submission/lib/detail-path.js';
import { useSubmissionPoll } from '../../submission/lib/useSubmissionPoll.js';
import { problemKeys } from '../api/keys.js';
import { getLastAcCode, useProblemLanguages } from '../api/problem-detail.js';
import type { ProblemDetailResponse } from '../api/types.js';
import { codeError } from '../lib/validate-code.js';

/** The online-test drawer, loaded when first opened (signed-in users only). */
const TestJudgeDrawer = lazyOnOpen(() => import('./TestJudgeDrawer.js').then((m) => m.TestJudgeDrawer));

/** Editor height of doc 2 §9 (px). */
const EDITOR_HEIGHT = 550;

export interface CodePanelProps {
  detail: ProblemDetailResponse;
  /** Where submissions go (a contest's cid...); practice when absent. */
  scope?: SubmitScope;
  /** Asked before each submit (e.g. the OI overwrite confirm of doc 2 §5); false stops the submit. */
  beforeSubmit?: () => Promise<boolean>;
  /** Runs when a submission of this panel gets its final verdict (the scope's own caches to refresh). */
  onJudged?: () => void;
  /** Why submitting is not possible here (e.g. the contest has ended); disables the button with this hint. */
  submitDisabledReason?: string;
}

/**
 * The editor side of the problem page (doc 2 §2.3, §4.3, §4.4): toolbar, CodeMirror, submit with status polling,
 * online test drawer. Code, language and look are saved locally per problem (`problem-<pid>`, in a contest
 * `contest-<cid>-problem-<pid>`); the look also globally. A saved language the problem no longer allows falls back
 * to the first allowed one. The same panel serves practice and contest pages through `scope`.
 */
export function CodePanel({ detail, scope, beforeSubmit, onJudged, submitDisabledReason }: CodePanelProps) {
  // 'submission' loads with the panel: the status panel after Submit reads it, and loading it only then suspended
  // the whole page (its height collapsed and the window jumped to the top; issue 25 item 6).
  const { t } = useTranslation(['problem', 'submission']);
  const qc = useQueryClient();
  const { token } = useSession();
  const p = detail.problem;
  const cid = scope?.cid;
  const storeKey = cid ? `contest-${cid}-problem-${p.id}` : `problem-${p.id}`;
  // Asked in the page's scope: a contest-only problem answers only inside its contest (issue 23 §1). A group's
  // training may hold site problems: there the problem's own rule (as the training's detail) decides, not the gid.
  const langs = useProblemLanguages(p.id, { cid, gid: scope?.tid ? undefined : scope?.gid });
  const allowed = useMemo(() => (langs.data ?? []).map((l) => l.name), [langs.data]);
  const saved = useMemo(() => loadSavedCode(storeKey), [storeKey]);
  const [look, setLook] = useState<EditorLook>(() => normalizeLook({ ...loadGlobalLook(), ...saved }));
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [code, setCode] = useState<string>(saved.code ?? '');
  const codeRef = useRef(code);
  codeRef.current = code;
  const [testOpen, setTestOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const template = useCallback((lang?: string) => (lang ? (detail.codeTemplate[lang] ?? '') : ''), [detail]);

  // Choose the language once the allowed list is known; fill the template when nothing was saved.
  const inited = useRef(false);
  useEffect(() => {
    if (!langs.data || inited.current) return;
    inited.current = true;
    const lang = pickLanguage(saved.language, allowed);
    setLanguage(lang);
    if (saved.code == null || saved.code === '') setCode(template(lang));
  }, [langs.data, allowed, saved, template]);

  useEffect(() => {
    if (language) saveCode(storeKey, { code, language, ...look });
  }, [storeKey, code, language, look]);

  const poll = useSubmissionPoll(() => {
    void qc.invalidateQueries({ queryKey: problemKeys.detail(p.problemId) });
    void qc.invalidateQueries({ queryKey: submissionKeys.lists() });
    onJudged?.();
  }, scope);
  const judging = poll.state != null && !isFinishedStatus(poll.state.status) && !poll.state.gaveUp;

  const onLanguage = (next: string) => {
    if (!codeRef.current.trim() || codeRef.current === template(language)) setCode(template(next));
    setLanguage(next);
  };
  const onUpload = (text: string, fileName: string) => {
    setCode(text);
    const lang = languageForFile(fileName, allowed, language);
    if (lang) setLanguage(lang);
  };
  const onLook = (next: EditorLook) => {
    setLook(next);
    saveGlobalLook(next);
  };
  const onLastAc = async () => {
    try {
      const r = await getLastAcCode(p.id, cid);
      setCode(r.code);
      if (allowed.includes(r.language)) setLanguage(r.language);
    } catch (e) {
      // antd's notification is loaded for this one message only (it is not on the page otherwise).
      const { default: notification } = await import('antd/es/notification/index.js');
      notification.error({
        message: t('Error'),
        description: (e as Error).message || t('Not_passed_no_code'),
        duration: 4,
      });
    }
  };
  const needLogin = (): boolean => {
    if (session.get().token) return false;
    notify.warning(tt('common:Please_login_first'));
    session.openLoginModal('Login');
    return true;
  };

  const submit = async () => {
    if (needLogin() || judging || submitting) return;
    const err = codeError(codeRef.current);
    if (err) return notify.error(tt(err));
    if (!language) return notify.error(t('Please_select_language'));
    setSubmitting(true);
    poll.reset();
    try {
      if (beforeSubmit && !(await beforeSubmit())) return;
      const s = await submitProblemJudge({ pid: p.id, language, code: codeRef.current }, scope);
      notify.success(t('Submit_code_successfully'));
      poll.start(s.submitId, s.status);
    } catch {
      poll.reset();
    } finally {
      setSubmitting(false);
    }
  };
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const onShortcut = useCallback(() => void submitRef.current(), []);

  const contentType = langs.data?.find((l) => l.name === language)?.contentType;

  return (
    <div data-testid="code-panel">
      <EditorToolbar
        languages={allowed}
        language={language}
        onLanguage={onLanguage}
        look={look}
        onLook={onLook}
        onReset={() => setCode(template(language))}
        onUpload={onUpload}
        onLastAc={token ? onLastAc : undefined}
        extra={
          // A remote problem is judged on its site, which runs no custom input (the server refuses it, issue 27).
          detail.problem.isRemote ? undefined : (
            <Button
              icon={<ExperimentOutlined />}
              onClick={() => !needLogin() && setTestOpen(true)}
              data-testid="open-test-drawer"
            >
              {t('Online_Test')}
            </Button>
          )
        }
      />
      <CodeEditor
        value={code}
        onChange={setCode}
        contentType={contentType}
        languageName={language}
        theme={look.theme}
        fontSize={look.fontSize}
        tabSize={look.tabSize}
        height={EDITOR_HEIGHT}
        onSubmitShortcut={onShortcut}
      />
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'flex-end' }}>
        {/* A keyboard hint: hidden on phones and touch screens (global.css .oj-keyboard-hint). */}
        <span
          className="oj-keyboard-hint"
          style={{ color: 'var(--oj-text-tertiary)', fontSize: 12 }}
          data-testid="ctrl-enter-hint"
        >
          {t('Ctrl_Enter_submits')}
        </span>
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={submit}
          loading={submitting || judging}
          disabled={allowed.length === 0 || !!submitDisabledReason}
          title={submitDisabledReason}
          data-testid="submit-code"
        >
          {judging ? t('Judging') : t('Submit')}
        </Button>
      </Space>
      {poll.state && (
        <SubmitStatusPanel
          state={poll.state}
          showScore={p.type === ProblemType.OI}
          detailPath={submissionDetailPath(poll.state.submitId, scope, p.problemId)}
        />
      )}
      {token && (
        <TestJudgeDrawer
          open={testOpen}
          onClose={() => setTestOpen(false)}
          pid={p.id}
          language={language}
          getCode={() => codeRef.current}
          examples={p.examples ?? []}
          judgeMode={p.judgeMode}
          scope={scope}
        />
      )}
    </div>
  );
}
