import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { type ChangeUserInfoBody, changeUserInfoBody } from '@oj/shared';
import { Avatar, Button, Col, Form, Input, Modal, Radio, Row, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarCropper } from '../../../components/AvatarCropper.js';
import { checkAvatarFile } from '../../../components/avatar-check.js';
import { useUploadProgress } from '../../../components/UploadProgress.js';
import { notify } from '../../../lib/notify.js';
import { useSession } from '../../../lib/session.js';
import { useChangeUserInfo, useUploadAvatar } from '../api/settings.js';

const FIELDS = ['nickname', 'realname', 'school', 'github', 'blog', 'cfUsername'] as const;

/**
 * UserInfo settings (doc 1 §2.9): nickname, realname, gender, school, signature, github, blog, the Codeforces
 * handle (its rating shows on the user home), and the avatar
 * (type and 2 MB checked before upload, cropped to 200 x 200 PNG).
 */
export function UserInfoSettings() {
  const { t } = useTranslation('user');
  const { userInfo } = useSession();
  const [form] = Form.useForm<ChangeUserInfoBody>();
  const save = useChangeUserInfo();
  const upload = useUploadAvatar();
  const progress = useUploadProgress();
  const [cropFile, setCropFile] = useState<File | null>(null);

  const onFinish = async (v: ChangeUserInfoBody) => {
    const parsed = changeUserInfoBody.safeParse(v);
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? t('common:Update_failed'));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      notify.success(t('common:Update_successfully'));
    } catch {
      // shown by the api client
    }
  };

  const beforeUpload = (file: File) => {
    const problem = checkAvatarFile(file);
    if (problem === 'type') notify.error(t('common:File_type_not_supported', { name: file.name }));
    else if (problem === 'size') notify.error(t('common:File_size_exceeds'));
    else setCropFile(file);
    return false;
  };

  const onCropped = async (png: Blob) => {
    try {
      await progress.track((onProgress) => upload.mutateAsync({ png, onProgress }));
      notify.success(t('Upload_avatar_successfully'));
      setCropFile(null);
    } catch {
      // shown by the api client
    }
  };

  return (
    <Row gutter={[32, 16]}>
      <Col xs={24} md={8} style={{ textAlign: 'center' }}>
        <Avatar size={120} src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
        <div style={{ marginTop: 12 }}>
          <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload}>
            <Button icon={<UploadOutlined />}>{t('Upload_avatar')}</Button>
          </Upload>
        </div>
      </Col>
      <Col xs={24} md={16}>
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{
            nickname: userInfo?.nickname ?? '',
            realname: userInfo?.realname ?? '',
            gender: userInfo?.gender || 'secrecy',
            school: userInfo?.school ?? '',
            signature: userInfo?.signature ?? '',
            github: userInfo?.github ?? '',
            blog: userInfo?.blog ?? '',
            cfUsername: userInfo?.cfUsername ?? '',
          }}
        >
          <Row gutter={16}>
            {FIELDS.map((f) => (
              <Col xs={24} sm={12} key={f}>
                <Form.Item name={f} label={t(`field.${f}`)}>
                  <Input data-testid={`userinfo-${f}`} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} sm={12}>
              <Form.Item name="gender" label={t('field.gender')}>
                <Radio.Group>
                  <Radio value="male">{t('gender.male')}</Radio>
                  <Radio value="female">{t('gender.female')}</Radio>
                  <Radio value="secrecy">{t('gender.secrecy')}</Radio>
                </Radio.Group>
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="signature" label={t('field.signature')}>
            <Input.TextArea rows={4} placeholder={t('Signature_hint')} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="userinfo-save">
              {t('common:Save')}
            </Button>
          </Space>
        </Form>
      </Col>
      <Modal
        open={!!cropFile}
        title={t('Crop_avatar')}
        footer={null}
        onCancel={() => setCropFile(null)}
        destroyOnHidden
        width={360}
      >
        {cropFile && (
          <AvatarCropper
            file={cropFile}
            onConfirm={onCropped}
            onCancel={() => setCropFile(null)}
            busy={upload.isPending}
            progress={progress.state}
          />
        )}
      </Modal>
    </Row>
  );
}
