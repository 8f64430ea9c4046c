import { TRAINING_LIMITS, TrainingAuth, type TrainingBody } from '@oj/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Switch,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { MarkdownEditor } from '../../../components/MarkdownEditor.js';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { useTrainingCategories } from '../../training/api/training.js';
import { useAdminTraining, useSaveTraining } from '../api/admin-training.js';

interface Values {
  rank: number;
  title: string;
  description: string;
  categoryId?: number;
  auth: string;
  privatePwd?: string;
  status: boolean;
  dropRegistrations: boolean;
}

/**
 * The training form (doc 3 §4-§5): rank 0…2147483647 (default 1000), title, markdown description with a preview,
 * category (required; without any category the page sends the user to the category page), auth and the password
 * for a private one, visible; on edit (`tid`), whether a changed password drops the existing registrations. The
 * admin scope (site or a group) picks the calls and where saving leads.
 */
export function TrainingEditor({ tid }: { tid: number | null }) {
  const { t } = useTranslation(['adminTraining', 'training']);
  const navigate = useNavigate();
  const { gid, paths } = useAdminScope();
  const existing = useAdminTraining(tid, gid);
  const categories = useTrainingCategories();
  const save = useSaveTraining(gid);
  const [form] = Form.useForm<Values>();
  const auth = Form.useWatch('auth', form);

  useEffect(() => {
    const tr = existing.data?.training;
    if (!tr) return;
    form.setFieldsValue({
      rank: tr.rank,
      title: tr.title,
      description: tr.description ?? '',
      categoryId: tr.categoryId ?? undefined,
      auth: tr.auth,
      privatePwd: tr.privatePwd ?? '',
      status: tr.status,
      dropRegistrations: false,
    });
  }, [existing.data, form]);

  if (tid != null && existing.isLoading) return <Skeleton active />;
  const noCategory = categories.data && categories.data.length === 0;

  const onFinish = (v: Values) => {
    const body: TrainingBody = {
      training: {
        ...(tid ? { id: tid } : {}),
        title: v.title,
        description: v.description,
        rank: v.rank,
        auth: v.auth as TrainingBody['training']['auth'],
        privatePwd: v.auth === TrainingAuth.PRIVATE ? v.privatePwd : null,
        status: v.status,
      },
      trainingCategory: { id: v.categoryId as number },
      dropRegistrations: v.dropRegistrations,
    };
    save.mutate(body, {
      onSuccess: (r) => {
        notify.success(t(tid ? 'Update_successfully' : 'Create_successfully'));
        navigate(tid ? paths.trainings : paths.trainingProblems(r.tid));
      },
    });
  };

  return (
    <Card title={t(tid ? 'Edit_training' : 'Create_training')}>
      {noCategory && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('No_category_yet')}
          action={
            <Button size="small" onClick={() => navigate(paths.trainingCategory)}>
              {t('Category_admin')}
            </Button>
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{
          rank: TRAINING_LIMITS.rankDefault,
          auth: TrainingAuth.PUBLIC,
          status: true,
          dropRegistrations: false,
          description: '',
        }}
        data-testid="training-form"
      >
        <Form.Item
          name="rank"
          label={t('training:Number')}
          rules={[{ required: true, message: t('Rank_required') }]}
        >
          <InputNumber min={0} max={TRAINING_LIMITS.rankMax} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('training:Title')}
          rules={[{ required: true, whitespace: true, message: t('Title_required') }]}
        >
          <Input maxLength={TRAINING_LIMITS.titleMax} data-testid="training-form-title" />
        </Form.Item>
        <Form.Item
          name="categoryId"
          label={t('training:Category')}
          rules={[{ required: true, message: t('Category_required') }]}
        >
          <Select
            style={{ maxWidth: 320 }}
            data-testid="training-form-category"
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="auth" label={t('training:Auth')}>
          <Radio.Group
            options={[
              { value: TrainingAuth.PUBLIC, label: t('training:Public') },
              { value: TrainingAuth.PRIVATE, label: t('training:Private') },
            ]}
          />
        </Form.Item>
        {auth === TrainingAuth.PRIVATE && (
          <Form.Item
            name="privatePwd"
            label={t('Password')}
            rules={[{ required: true, whitespace: true, message: t('Password_required') }]}
          >
            <Input
              maxLength={TRAINING_LIMITS.pwdMax}
              style={{ maxWidth: 320 }}
              data-testid="training-form-pwd"
            />
          </Form.Item>
        )}
        {tid != null && auth === TrainingAuth.PRIVATE && (
          <Form.Item name="dropRegistrations" valuePropName="checked">
            <Checkbox>{t('Drop_registrations')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="status" label={t('Visible')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('Description')}
          rules={[{ required: true, whitespace: true, message: t('Description_required') }]}
        >
          {/* The app's one markdown editor: its preview says where the preview appears while the text is empty
              (an empty Preview tab before; issue 25 cosmetic). */}
          <MarkdownEditor
            rows={8}
            maxLength={TRAINING_LIMITS.descriptionMax}
            data-testid="training-form-description"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="training-form-save">
          {t('Save')}
        </Button>
      </Form>
    </Card>
  );
}

/** /admin/training/create and /admin/training/:trainingId/edit: the training form in the site's back office. */
export default function TrainingEditPage() {
  const param = useParams().trainingId;
  return <TrainingEditor tid={param ? Number(param) : null} />;
}
