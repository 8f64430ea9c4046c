import { GROUP_SHORT_NAME_PATTERN, GroupAuth, LIMITS } from '@oj/shared';
import type { FormRule } from 'antd';
import { Col, Form, type FormInstance, Input, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupInput } from '../api/group.js';

/** The group form's values (doc 3 §5). */
export type GroupFormValues = Omit<GroupInput, 'id'>;

/** A new group's defaults: public, visible. */
export const EMPTY_GROUP: GroupFormValues = {
  name: '',
  shortName: '',
  brief: '',
  description: '',
  auth: GroupAuth.PUBLIC,
  code: '',
  visible: true,
};

/**
 * The group form of doc 3 §5: name (5-25), short name (5-10; letters, digits, '-' and '_', since it prefixes the
 * group's problem ids), brief (5-50), auth (public / protected / private), the 6-character invitation code (only
 * when not public), visible, description (5-1000). Bounds from the shared LIMITS, messages in both languages.
 */
export function GroupForm({
  form,
  initial,
  onFinish,
}: {
  form: FormInstance<GroupFormValues>;
  initial: GroupFormValues;
  onFinish: (v: GroupFormValues) => void;
}) {
  const { t } = useTranslation('group');
  const auth = Form.useWatch('auth', form) ?? initial.auth;
  const length = (label: string, min: number, max: number): FormRule[] => [
    { required: true, whitespace: true, message: t('Field_required', { field: label }) },
    { min, max, message: t('Field_length', { field: label, min, max }) },
  ];
  return (
    <Form<GroupFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      data-testid="group-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('Name')}
            rules={length(t('Name'), LIMITS.groupNameMin, LIMITS.groupNameMax)}
          >
            <Input maxLength={LIMITS.groupNameMax} showCount data-testid="group-form-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="shortName"
            label={t('Short_name')}
            extra={t('Short_name_hint')}
            rules={[
              ...length(t('Short_name'), LIMITS.groupShortNameMin, LIMITS.groupShortNameMax),
              { pattern: GROUP_SHORT_NAME_PATTERN, message: t('Short_name_chars') },
            ]}
          >
            <Input maxLength={LIMITS.groupShortNameMax} showCount data-testid="group-form-short-name" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="brief"
            label={t('Brief')}
            rules={length(t('Brief'), LIMITS.groupBriefMin, LIMITS.groupBriefMax)}
          >
            <Input maxLength={LIMITS.groupBriefMax} showCount data-testid="group-form-brief" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="auth"
            label={t('Auth')}
            rules={[{ required: true, message: t('Field_required', { field: t('Auth') }) }]}
          >
            <Radio.Group
              data-testid="group-form-auth"
              options={[
                { value: GroupAuth.PUBLIC, label: t('auth.Public') },
                { value: GroupAuth.PROTECTED, label: t('auth.Protected') },
                { value: GroupAuth.PRIVATE, label: t('auth.Private') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="visible" label={t('Visible')} valuePropName="checked">
            <Switch data-testid="group-form-visible" />
          </Form.Item>
        </Col>
        {auth !== GroupAuth.PUBLIC && (
          <Col xs={12} md={6}>
            <Form.Item
              name="code"
              label={t('Invitation_code')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('Field_required', { field: t('Invitation_code') }),
                },
                {
                  len: LIMITS.groupCodeLength,
                  message: t('Code_length', { n: LIMITS.groupCodeLength }),
                },
              ]}
            >
              <Input maxLength={LIMITS.groupCodeLength} data-testid="group-form-code" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item
            name="description"
            label={t('Description')}
            rules={length(t('Description'), LIMITS.groupDescriptionMin, LIMITS.groupDescriptionMax)}
          >
            <Input.TextArea
              rows={6}
              maxLength={LIMITS.groupDescriptionMax}
              showCount
              data-testid="group-form-description"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
