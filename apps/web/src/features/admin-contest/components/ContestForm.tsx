import { ContestAuth, ContestType, OiRankScoreType, RankShowName } from '@oj/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { ApiError } from '../../../lib/api.js';
import { notify } from '../../../lib/notify.js';
import { formatDuration } from '../../../lib/time.js';
import { MarkdownField } from '../../admin-problem/components/MarkdownField.js';
import { useSaveContest } from '../api/admin-contest.js';
import { type ContestFormValues, durationSeconds, firstFormError, toContestBody } from '../lib/form-model.js';
import { AccountLimitFields } from './AccountLimitFields.js';
import { AwardFields } from './AwardFields.js';
import { SealFields } from './SealFields.js';
import { StarUsersField } from './StarUsersField.js';

/** Form field each check of `firstFormError` marks. */
const FIELD_OF: Record<string, keyof ContestFormValues> = {
  Title: 'title',
  Description: 'description',
  Start_time: 'startTime',
  End_time: 'endTime',
  Contets_Time_Check: 'endTime',
  Contest_Duration_Check: 'endTime',
  Contest_Password_required: 'pwd',
};

/**
 * The contest create / edit form (doc 3 §3-§5): every contest field, the rule type fixed on edit, the password for
 * non-public contests, seal, awards, star users and account limit; the checks of doc 3 §5 in their order before
 * saving, the server's refusal shown under the form. The admin scope (site or a group) picks the calls.
 */
export function ContestForm({ initial }: { initial: ContestFormValues }) {
  const { t } = useTranslation(['adminContest', 'contest']);
  const navigate = useNavigate();
  const [form] = Form.useForm<ContestFormValues>();
  const { gid, paths } = useAdminScope();
  const save = useSaveContest(gid);
  const [serverError, setServerError] = useState<string | null>(null);
  const editing = initial.id != null;
  const auth = Form.useWatch('auth', form);
  const type = Form.useWatch('type', form);
  const start = Form.useWatch('startTime', form);
  const end = Form.useWatch('endTime', form);
  const backwards = !!start && !!end && !end.isAfter(start);

  const onSave = async () => {
    setServerError(null);
    const v = { ...initial, ...form.getFieldsValue(true) } as ContestFormValues;
    const issue = firstFormError(v);
    if (issue) {
      const msg = issue.field ? t(issue.key, { field: t(issue.field) }) : t(issue.key);
      const field = FIELD_OF[issue.field ?? issue.key];
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      notify.error(msg);
      return;
    }
    try {
      const res = await save.mutateAsync(toContestBody(v));
      notify.success(editing ? t('common:Update_successfully') : t('Create_successfully'));
      const cid = editing ? initial.id : (res as { cid: number } | null)?.cid;
      navigate(cid && !editing ? paths.contestProblems(cid) : paths.contests);
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('Save_failed'));
    }
  };

  return (
    <Form<ContestFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => serverError && setServerError(null)}
      data-testid="contest-form"
    >
      <Card title={editing ? t('Edit_contest') : t('Create_contest')}>
        <Form.Item name="title" label={t('Title')} required>
          <Input data-testid="contest-title-input" />
        </Form.Item>
        <Form.Item name="description" label={t('Description')} required>
          <MarkdownField rows={5} data-testid="contest-description" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="startTime" label={t('Start_time')} required>
              <DatePicker showTime style={{ width: '100%' }} data-testid="contest-start" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="endTime" label={t('End_time')} required>
              <DatePicker showTime style={{ width: '100%' }} data-testid="contest-end" />
            </Form.Item>
          </Col>
        </Row>
        {start && end && (
          <Alert
            type={backwards ? 'error' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            message={
              backwards
                ? t('Contets_Time_Check')
                : t('Duration_is', { d: formatDuration(durationSeconds(start, end) * 1000) })
            }
          />
        )}
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={t('Rule_type')} tooltip={editing ? t('Rule_fixed') : undefined}>
              <Radio.Group disabled={editing} data-testid="contest-type">
                <Radio value={ContestType.ACM}>ACM</Radio>
                <Radio value={ContestType.OI}>OI</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="auth" label={t('Auth')}>
              <Select
                data-testid="contest-auth"
                options={[
                  { value: ContestAuth.PUBLIC, label: t('contest:auth.Public') },
                  { value: ContestAuth.PRIVATE, label: t('contest:auth.Private') },
                  { value: ContestAuth.PROTECTED, label: t('contest:auth.Protected') },
                ]}
              />
            </Form.Item>
          </Col>
          {auth !== ContestAuth.PUBLIC && (
            <Col xs={24} md={8}>
              <Form.Item name="pwd" label={t('Password')} required>
                <Input.Password data-testid="contest-pwd" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="rankShowName" label={t('Rank_show_name')}>
              <Select
                options={Object.values(RankShowName).map((v) => ({ value: v, label: t(`show_name.${v}`) }))}
              />
            </Form.Item>
          </Col>
          {type === ContestType.OI && (
            <Col xs={24} md={8}>
              <Form.Item name="oiRankScoreType" label={t('OI_rank_score_type')}>
                <Select
                  options={Object.values(OiRankScoreType).map((v) => ({
                    value: v,
                    label: t(`oi_score.${v}`),
                  }))}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Space wrap size={[32, 0]}>
          <Form.Item
            name="openRank"
            label={t('Open_rank')}
            tooltip={t('Open_rank_tip')}
            valuePropName="checked"
          >
            <Switch data-testid="open-rank" />
          </Form.Item>
          <Form.Item name="openPrint" label={t('Open_print')} valuePropName="checked">
            <Switch data-testid="open-print" />
          </Form.Item>
          <Form.Item name="allowEndSubmit" label={t('Allow_end_submit')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="visible" label={t('Visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Divider orientation="left">{t('Rank_section')}</Divider>
        <SealFields />
        <AwardFields />
        <StarUsersField />
        <Divider orientation="left">{t('Access_section')}</Divider>
        <AccountLimitFields />
        {serverError && (
          <Alert
            type="error"
            showIcon
            message={t('Save_failed')}
            description={serverError}
            style={{ margin: '16px 0' }}
            data-testid="contest-server-error"
          />
        )}
        <Divider />
        <Space wrap>
          <Button
            type="primary"
            size="large"
            loading={save.isPending}
            onClick={() => void onSave()}
            data-testid="contest-save"
          >
            {t('common:Save')}
          </Button>
          <Button size="large" onClick={() => navigate(paths.contests)}>
            {t('common:Back')}
          </Button>
        </Space>
      </Card>
    </Form>
  );
}
