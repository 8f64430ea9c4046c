import { TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { GroupAuth } from '@oj/shared';
import { Avatar, Button, Card, Col, Form, Modal, Row, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarCropper } from '../../../components/AvatarCropper.js';
import { checkAvatarFile } from '../../../components/avatar-check.js';
import { useUploadProgress } from '../../../components/UploadProgress.js';
import { notify } from '../../../lib/notify.js';
import { useSaveGroup, useUploadGroupAvatar } from '../api/group.js';
import { useGroupShell } from '../components/GroupContext.js';
import { GroupForm, type GroupFormValues } from '../components/GroupForm.js';

/**
 * The group setting tab (doc 3 §2; group roots): the avatar (type and 2 MB checked, cropped to 200 x 200, uploaded
 * to POST /api/file/upload-group-avatar) and the group form saved with PUT /api/group.
 */
export default function SettingTab() {
  const { t } = useTranslation('group');
  const { gid, group: g } = useGroupShell();
  const [form] = Form.useForm<GroupFormValues>();
  const save = useSaveGroup();
  const upload = useUploadGroupAvatar(gid);
  const progress = useUploadProgress();
  const [cropFile, setCropFile] = useState<File | null>(null);
  const initial = useMemo<GroupFormValues>(
    () => ({
      name: g.name,
      shortName: g.shortName,
      brief: g.brief,
      description: g.description ?? '',
      auth: g.auth,
      code: g.code ?? '',
      visible: g.visible,
    }),
    [g],
  );

  const beforeUpload = (file: File) => {
    const problem = checkAvatarFile(file);
    if (problem === 'type') notify.error(t('common:File_type_not_supported', { name: file.name }));
    else if (problem === 'size') notify.error(t('common:File_size_exceeds'));
    else setCropFile(file);
    return false;
  };
  const onCropped = (png: Blob) =>
    progress
      .track((onProgress) => upload.mutateAsync({ png, onProgress }))
      .then(() => {
        notify.success(t('Upload_avatar_successfully'));
        setCropFile(null);
      })
      .catch(() => undefined); // the api client showed the message
  const onFinish = (v: GroupFormValues) =>
    save.mutate(
      { ...v, id: gid, code: v.auth === GroupAuth.PUBLIC ? undefined : v.code?.trim() },
      { onSuccess: () => notify.success(t('common:Update_successfully')) },
    );

  return (
    <Card title={t('tab.setting')} data-testid="group-setting">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={6} style={{ textAlign: 'center' }}>
          <Avatar size={120} shape="square" src={g.avatar || undefined} icon={<TeamOutlined />} />
          <div style={{ marginTop: 12 }}>
            <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload}>
              <Button icon={<UploadOutlined />} data-testid="group-avatar-upload">
                {t('Upload_avatar')}
              </Button>
            </Upload>
          </div>
        </Col>
        <Col xs={24} md={18}>
          <GroupForm key={g.gmtModified} form={form} initial={initial} onFinish={onFinish} />
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="group-save"
          >
            {t('common:Save')}
          </Button>
        </Col>
      </Row>
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
    </Card>
  );
}
