import { CLARIFICATION_LIMITS } from '@oj/shared';
import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ContestClarificationVo, useSaveClarificationAnswer } from '../../api/clarifications.js';
import { displayIdOf, GENERAL, ProblemChoice } from './ProblemChoice.js';

interface Values {
  about: string;
  question: string;
  answer: string;
  visibility: 'private' | 'public';
  announce: boolean;
  announceTitle: string;
}

/**
 * The contest admin's answer dialog (issue 10 §3). With `target` it answers (or edits the answer of) that question:
 * privately (the asker only) or to everyone, where the question may be reworded as everyone will read it, and
 * optionally also posted as a contest announcement. Without `target` it posts a clarification to everyone about a
 * problem or the whole contest.
 */
export function AnswerDialog({
  cid,
  open,
  target,
  onClose,
}: {
  cid: number;
  open: boolean;
  target: ContestClarificationVo | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('clarification');
  const [form] = Form.useForm<Values>();
  const save = useSaveClarificationAnswer(cid);
  const post = target == null;
  const hasQuestion = target?.question != null;
  const visibility = Form.useWatch('visibility', form);
  const announce = Form.useWatch('announce', form);
  const everyone = post || visibility === 'public';

  const initial: Values = {
    about: GENERAL,
    question: target?.question ?? '',
    answer: target?.answer ?? '',
    visibility: target == null || target.public ? 'public' : 'private',
    announce: false,
    announceTitle: '',
  };

  const onFinish = (v: Values) => {
    const isPublic = post || v.visibility === 'public';
    const question = hasQuestion && isPublic ? v.question.trim() : undefined;
    const displayId = post ? displayIdOf(v.about) : (target?.displayId ?? null);
    const title =
      v.announceTitle?.trim() || t('Announcement_title_value', { about: displayId ?? t('General') });
    save.mutate(
      {
        id: target?.id,
        displayId,
        answer: v.answer.trim(),
        public: isPublic,
        question: question && question !== target?.question ? question : undefined,
        announce: isPublic && v.announce,
        announceTitle: isPublic && v.announce ? title : undefined,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open={open}
      title={post ? t('Post_to_everyone') : target?.answer != null ? t('Edit_answer') : t('Answer_question')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('Send')}
      cancelText={t('Cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'clarification-send' }}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        preserve={false}
        onFinish={onFinish}
        data-testid="clarification-answer-form"
      >
        {post ? (
          <Form.Item name="about" label={t('About')}>
            <ProblemChoice cid={cid} testId="clarification-post-problem" />
          </Form.Item>
        ) : (
          <Form.Item name="visibility" label={t('Send_to')}>
            <Radio.Group data-testid="clarification-visibility">
              <Radio value="private" data-testid="clarification-private">
                {t('Asker_only')}
              </Radio>
              <Radio value="public" data-testid="clarification-public">
                {t('Everyone')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {hasQuestion && (
          <Form.Item
            name="question"
            label={everyone ? t('Question_as_everyone_reads_it') : t('Question')}
            rules={[{ required: true, whitespace: true, message: t('Question_required') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={CLARIFICATION_LIMITS.questionMax}
              showCount
              disabled={!everyone}
              data-testid="clarification-edit-question"
            />
          </Form.Item>
        )}
        <Form.Item
          name="answer"
          label={t('Answer')}
          rules={[{ required: true, whitespace: true, message: t('Answer_required') }]}
        >
          <Input.TextArea
            rows={5}
            maxLength={CLARIFICATION_LIMITS.answerMax}
            showCount
            data-testid="clarification-answer-text"
          />
        </Form.Item>
        <Form.Item name="announce" valuePropName="checked" style={{ marginBottom: announce ? 8 : 0 }}>
          <Checkbox disabled={!everyone} data-testid="clarification-announce">
            {t('Also_announce')}
          </Checkbox>
        </Form.Item>
        {announce && everyone && (
          <Form.Item name="announceTitle" label={t('Announcement_title')} style={{ marginBottom: 0 }}>
            <Input
              maxLength={CLARIFICATION_LIMITS.announceTitleMax}
              placeholder={t('Announcement_title_default')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
