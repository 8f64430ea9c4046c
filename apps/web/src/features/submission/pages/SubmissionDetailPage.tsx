import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { isFinishedStatus, JudgeStatus, type QueuePosition } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Switch,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CodeEditor, loadGlobalLook } from '../../../components/code-editor/index.js';
import { readableColor } from '../../../lib/contrast.js';
import { notify } from '../../../lib/notify.js';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { useResolvedTheme } from '../../../lib/theme.js';
import { formatTime } from '../../../lib/time.js';
import { useLanguages } from '../../help/api/languages.js';
import { copyText } from '../../problem/lib/clipboard.js';
import { cancelJudge, manualJudge } from '../api/admin-judge.js';
import { submissionKeys } from '../api/keys.js';
import {
  downloadWaCase,
  resubmit,
  updateShare,
  useAllCaseResult,
  useSubmissionDetail,
} from '../api/submission-detail.js';
import { CaseResults } from '../components/CaseResults.js';
import { ManualJudgeDialog } from '../components/ManualJudgeDialog.js';
import { QueueText, StatusTag } from '../components/StatusTag.js';
import { formatLength, runMemory, runTime, statusInfo, statusKey } from '../lib/format.js';
import { preBox } from '../lib/styles.js';
import { useQueuePositions } from '../lib/useQueuePositions.js';

/** Statuses whose banner shows the error text instead of the figures (doc 2 §2.5). */
const ERROR_TEXT_STATUSES: number[] = [
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.SUBMITTED_FAILED,
];
/** Manual judge is refused for these (doc 2 §4.3). */
/**
 * The verdict banner's text is the verdict's colour made readable (WCAG AA) on the darkest of antd's alert tints the
 * banner can have (info #e6f4ff in light; error #2c1618 in dark): the judge status colours on white are 2–4:1.
 */
const BANNER_SURFACE = { light: '#e6f4ff', dark: '#2c1618' } as const;

const NO_MANUAL: number[] = [JudgeStatus.JUDGING, JudgeStatus.COMPILING, JudgeStatus.COMPILE_ERROR];

/** Where the submission's problem opens: inside the contest or group whose detail route shows it, else practice. */
function problemBase(params: { contestID?: string; groupID?: string }): string {
  if (params.contestID) return `/contest/${params.contestID}`;
  if (params.groupID) return `/group/${params.groupID}`;
  return '';
}

/**
 * /submission-detail/:submitID (doc 2 §2.5, §4.3), also as ContestSubmissionDetails
 * (/contest/:contestID/problem/:problemID/submission-detail/:submitID) and GroupSubmissionDetails, where the
 * problem link stays in the contest or group: status banner, one-row summary, case and subtask results,
 * the code (read-only editor) with copy, share toggle for the owner, resubmit of failed ones, manual judge and
 * cancel for the super admin; polls every 2 s while unfinished.
 */
export default function SubmissionDetailPage() {
  const { t } = useTranslation('submission');
  const qc = useQueryClient();
  const params = useParams();
  const submitId = Number(params.submitID);
  const { userInfo, roles } = useSession();
  const { data, isLoading, isError } = useSubmissionDetail(submitId);
  const s = data?.submission;
  const finished = s ? isFinishedStatus(s.status) : false;
  const cases = useAllCaseResult(submitId, `${s?.status}:${s?.version}`, !!s && finished);
  const languages = useLanguages();
  const [manualOpen, setManualOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const root = isSuperAdminRoles(roles);
  // While Pending: its queue position (the owner's and admins' only; issue 29).
  const queue = useQueuePositions(s?.status === JudgeStatus.PENDING ? [submitId] : []);
  const theme = useResolvedTheme();

  if (!Number.isInteger(submitId) || submitId < 1 || isError) {
    return <Result status="404" title={t('Submission_not_found')} />;
  }
  if (isLoading || !s) return <Skeleton active style={{ padding: 24 }} />;

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: submissionKeys.detail(submitId) });
    void qc.invalidateQueries({ queryKey: submissionKeys.lists() });
  };
  const owner = !!userInfo && userInfo.uid === s.uid;
  const info = statusInfo(s.status);
  const errorText = ERROR_TEXT_STATUSES.includes(s.status);
  const contentType = languages.data?.find((l) => l.name === s.language)?.contentType;
  const look = loadGlobalLook();

  const summary = [
    {
      title: t('Run_ID'),
      dataIndex: 'submitId',
      // At 375 px the id stays in view while the rest scrolls under it (antd's shadow marks the hidden side).
      fixed: 'left' as const,
    },
    {
      title: t('Submit_Time'),
      dataIndex: 'submitTime',
      render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('Problem'),
      key: 'problem',
      render: () => (
        <Link to={`${problemBase(params)}/problem/${encodeURIComponent(s.displayPid)}`}>
          {s.displayPid} {s.title}
        </Link>
      ),
    },
    {
      title: t('Status'),
      dataIndex: 'status',
      render: (v: number) => <StatusTag status={v} isManual={s.isManual} queue={queue.get(s.submitId)} />,
    },
    { title: t('Time'), dataIndex: 'time', render: (v: number | null) => runTime(s.status, v) },
    { title: t('Memory'), dataIndex: 'memory', render: (v: number | null) => runMemory(s.status, v) },
    ...(s.score != null ? [{ title: t('Score'), dataIndex: 'score' }] : []),
    { title: t('Length'), dataIndex: 'length', render: formatLength },
  ];

  return (
    <div className="oj-page" data-testid="submission-detail">
      <Alert
        data-testid="submission-banner"
        style={{ borderLeft: `6px solid ${info.color}`, marginBottom: 16 }}
        type={s.status === JudgeStatus.ACCEPTED ? 'success' : finished ? 'error' : 'info'}
        message={
          <Space wrap>
            <Typography.Title
              level={4}
              style={{ margin: 0, color: readableColor(info.color, BANNER_SURFACE[theme]) }}
              data-testid="banner-status"
            >
              {t(statusKey(s.status))}
            </Typography.Title>
            {s.status === JudgeStatus.PENDING && queue.get(s.submitId) && (
              <QueueText queue={queue.get(s.submitId) as QueuePosition} />
            )}
            {s.status === JudgeStatus.SUBMITTED_FAILED && owner && (
              <Button
                size="small"
                onClick={async () => {
                  try {
                    await resubmit(s.submitId);
                    notify.success(t('Resubmitted_Successfully'));
                    refresh();
                  } catch {
                    // toast shown by the api client
                  }
                }}
              >
                {t('Resubmit')}
              </Button>
            )}
          </Space>
        }
        description={
          errorText ? (
            <pre style={preBox} data-testid="banner-error">
              {s.errorMessage ?? ''}
            </pre>
          ) : (
            <Space wrap split="·">
              <span>
                {t('Time')}: {runTime(s.status, s.time)}
              </span>
              <span>
                {t('Memory')}: {runMemory(s.status, s.memory)}
              </span>
              <span>
                {t('Length')}: {formatLength(s.length)}
              </span>
              <span>
                {t('Language')}: {s.language}
              </span>
              <span>
                {t('Author')}:{' '}
                <Link
                  to={`/user-home?uid=${encodeURIComponent(s.uid)}&username=${encodeURIComponent(s.username)}`}
                >
                  {s.username}
                </Link>
              </span>
            </Space>
          )
        }
      />
      <Table
        rowKey="submitId"
        size="small"
        pagination={false}
        columns={summary}
        dataSource={[s]}
        scroll={{ x: 'max-content' }}
        style={{ marginBottom: 16 }}
      />
      {root && (
        <Space style={{ marginBottom: 16 }} wrap>
          <Button
            disabled={NO_MANUAL.includes(s.status) || s.status === JudgeStatus.PENDING}
            onClick={() => setManualOpen(true)}
            data-testid="manual-judge"
          >
            {t('Modify_Evaluation')}
          </Button>
          <Popconfirm
            title={t('Cancel_Judge_tips')}
            onConfirm={async () => {
              try {
                await cancelJudge(s.submitId);
                notify.success(t('Cancel_Successfully'));
                refresh();
              } catch {
                // toast shown by the api client
              }
            }}
          >
            <Button danger disabled={s.status === JudgeStatus.CANCELLED} data-testid="cancel-judge">
              {t('Cancel_Evaluation')}
            </Button>
          </Popconfirm>
          <ManualJudgeDialog
            open={manualOpen}
            onClose={() => setManualOpen(false)}
            status={s.status}
            score={s.score}
            onSubmit={async (status, score) => {
              await manualJudge(s.submitId, status, score);
              notify.success(t('Update_Successfully'));
              refresh();
            }}
          />
        </Space>
      )}
      {finished && !errorText && (
        <Card
          title={t('Test_Case_Results')}
          size="small"
          style={{ marginBottom: 16 }}
          extra={
            data.waCaseData && (
              <Tooltip title={t('Download_Wrong_Case_Data_tips', { index: data.waCaseData.caseIndex })}>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={downloading}
                  data-testid="download-wa-case"
                  onClick={async () => {
                    if (!data.waCaseData) return;
                    setDownloading(true);
                    try {
                      await downloadWaCase(s.submitId, s.displayPid, data.waCaseData);
                    } catch {
                      // toast shown by the api client
                    } finally {
                      setDownloading(false);
                    }
                  }}
                >
                  {t('Download_Wrong_Case_Data')}
                </Button>
              </Tooltip>
            )
          }
        >
          {cases.isLoading ? <Skeleton active /> : <CaseResults result={cases.data} />}
        </Card>
      )}
      {s.code != null && (
        <Card
          size="small"
          title={t('Code')}
          extra={
            <Space>
              {owner && s.cid === 0 && (
                <Space size={4}>
                  <span>{t('Share')}</span>
                  <Switch
                    size="small"
                    checked={s.share}
                    aria-label={t('Share')}
                    data-testid="share-toggle"
                    onChange={async (share) => {
                      try {
                        await updateShare(s.submitId, share);
                        notify.success(share ? t('Shared_successfully') : t('Cancel_Sharing_Successfully'));
                        refresh();
                      } catch {
                        // toast shown by the api client
                      }
                    }}
                  />
                </Space>
              )}
              <Button size="small" icon={<CopyOutlined />} onClick={() => void copyText(s.code ?? '')}>
                {t('Copy')}
              </Button>
            </Space>
          }
        >
          <CodeEditor
            value={s.code}
            readOnly
            contentType={contentType}
            languageName={s.language}
            theme={look.theme}
            fontSize={look.fontSize}
            tabSize={look.tabSize}
            height="auto"
            testId="submission-code"
          />
        </Card>
      )}
    </div>
  );
}
