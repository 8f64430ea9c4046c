import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  ColorPicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../components/ColorTag.js';
import { notify } from '../../../lib/notify.js';
import {
  type ClassificationItem,
  type TagItem,
  useAdminTags,
  useClassifications,
  useDeleteClassification,
  useDeleteTag,
  useSaveClassification,
  useSaveTag,
} from '../api/tags.js';

const DEFAULT_COLOUR = '#409eff';

/**
 * The create / edit modal of both dialogs: Save runs `onSave`, then says created or updated and closes. A
 * failure keeps it open: field errors are shown on the form, api errors (e.g. a duplicate name) by the api
 * client's toast.
 */
function EditModal(props: {
  open: boolean;
  editing: boolean;
  title: string;
  pending: boolean;
  onSave: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('adminProblem');
  const onOk = async () => {
    try {
      await props.onSave();
      notify.success(props.editing ? t('common:Update_successfully') : t('Create_successfully'));
      props.onClose();
    } catch {
      // shown on the form or by the api client
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void onOk()}
      confirmLoading={props.pending}
      okText={t('common:Save')}
      cancelText={t('common:Cancel')}
      destroyOnHidden
    >
      {props.children}
    </Modal>
  );
}

/** The Edit and (confirmed) Delete buttons of a table row. */
function RowActions(props: { onEdit: () => void; confirm: string; onDelete: () => void }) {
  const { t } = useTranslation('adminProblem');
  return (
    <Space size={4}>
      <Button size="small" onClick={props.onEdit}>
        {t('common:Edit')}
      </Button>
      <Popconfirm title={props.confirm} onConfirm={props.onDelete}>
        <Button size="small" danger>
          {t('common:Delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Tag create / edit dialog: name, colour, classification. */
function TagDialog(props: {
  open: boolean;
  tag: TagItem | null;
  classes: ClassificationItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('adminProblem');
  const save = useSaveTag();
  const [form] = Form.useForm<{ name: string; color: string; classificationId: number | null }>();
  const onSave = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({
      id: props.tag?.id,
      name: v.name.trim(),
      color: v.color,
      classificationId: v.classificationId ?? null,
    });
  };
  return (
    <EditModal
      open={props.open}
      editing={props.tag != null}
      title={props.tag ? t('Edit_tag') : t('Create_tag')}
      pending={save.isPending}
      onSave={onSave}
      onClose={props.onClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: props.tag?.name ?? '',
          color: props.tag?.color ?? DEFAULT_COLOUR,
          classificationId: props.tag?.classificationId ?? null,
        }}
      >
        <Form.Item
          name="name"
          label={t('Tag_name')}
          rules={[{ required: true, whitespace: true, message: t('Tag_name_required') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="color" label={t('Tag_colour')} getValueFromEvent={(c) => c.toHexString()}>
          <ColorPicker showText />
        </Form.Item>
        <Form.Item name="classificationId" label={t('Classification')}>
          <Select
            allowClear
            options={props.classes.map((c) => ({ value: c.id, label: c.name }))}
            placeholder={t('Unclassified')}
          />
        </Form.Item>
      </Form>
    </EditModal>
  );
}

/** Classification create / edit dialog: name and rank (order). */
function ClassificationDialog(props: {
  open: boolean;
  item: ClassificationItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminProblem');
  const save = useSaveClassification();
  const [form] = Form.useForm<{ name: string; rank: number }>();
  const onSave = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ id: props.item?.id, name: v.name.trim(), rank: v.rank ?? 0 });
  };
  return (
    <EditModal
      open={props.open}
      editing={props.item != null}
      title={props.item ? t('Edit_classification') : t('Create_classification')}
      pending={save.isPending}
      onSave={onSave}
      onClose={props.onClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: props.item?.name ?? '', rank: props.item?.rank ?? 0 }}
      >
        <Form.Item
          name="name"
          label={t('Classification_name')}
          rules={[{ required: true, whitespace: true, message: t('Classification_name_required') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="rank" label={t('Rank_order')}>
          <InputNumber min={0} max={2147483647} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </EditModal>
  );
}

/**
 * /admin/problem/tag (doc 3 tag admin with tag classification): tags (name, colour, classification) and
 * classifications (name, rank), each with create, edit and delete (confirmed).
 */
export default function TagPage() {
  const { t } = useTranslation('adminProblem');
  const tags = useAdminTags();
  const classes = useClassifications();
  const delTag = useDeleteTag();
  const delClass = useDeleteClassification();
  const [tagDlg, setTagDlg] = useState<{ open: boolean; tag: TagItem | null }>({ open: false, tag: null });
  const [clsDlg, setClsDlg] = useState<{ open: boolean; item: ClassificationItem | null }>({
    open: false,
    item: null,
  });
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<number | 'none' | undefined>(undefined);
  const classList = classes.data ?? [];
  const className = (id: number | null) => classList.find((c) => c.id === id)?.name;
  const shown = (tags.data ?? []).filter(
    (x) =>
      (!keyword || x.name.toLowerCase().includes(keyword.toLowerCase())) &&
      (filter === undefined ||
        (filter === 'none' ? x.classificationId == null : x.classificationId === filter)),
  );
  const deleted = () => notify.success(t('Delete_successfully'));
  /** The Option column of both tables: Edit opens the row's dialog, Delete (confirmed) removes it. */
  const optionColumn = <T extends { id: number }>(
    edit: (r: T) => void,
    confirm: string,
    remove: (id: number) => void,
  ) => ({
    title: t('Option'),
    width: 150,
    render: (_v: unknown, r: T) => (
      <RowActions onEdit={() => edit(r)} confirm={confirm} onDelete={() => remove(r.id)} />
    ),
  });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card
          title={t('Tags')}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTagDlg({ open: true, tag: null })}
            >
              {t('Create_tag')}
            </Button>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            <Input.Search
              allowClear
              placeholder={t('Search_tag')}
              onSearch={setKeyword}
              style={{ width: 200 }}
            />
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t('Classification')}
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'none' as const, label: t('Unclassified') },
                ...classList.map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          </Space>
          <Table<TagItem>
            rowKey="id"
            size="small"
            loading={tags.isLoading}
            dataSource={shown}
            scroll={{ x: 520 }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 64 },
              {
                title: t('Tag_name'),
                dataIndex: 'name',
                render: (n: string, r) => <ColorTag color={r.color}>{n}</ColorTag>,
              },
              {
                title: t('Classification'),
                dataIndex: 'classificationId',
                render: (id: number | null) => className(id) ?? '-',
              },
              optionColumn<TagItem>(
                (r) => setTagDlg({ open: true, tag: r }),
                t('Delete_tag_confirm'),
                (id) => delTag.mutate(id, { onSuccess: deleted }),
              ),
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card
          title={t('Tag_classifications')}
          extra={
            <Button icon={<PlusOutlined />} onClick={() => setClsDlg({ open: true, item: null })}>
              {t('Create_classification')}
            </Button>
          }
        >
          <Table<ClassificationItem>
            rowKey="id"
            size="small"
            loading={classes.isLoading}
            dataSource={classList}
            pagination={false}
            scroll={{ x: 360 }}
            columns={[
              { title: t('Classification_name'), dataIndex: 'name' },
              { title: t('Rank_order'), dataIndex: 'rank', width: 80 },
              optionColumn<ClassificationItem>(
                (r) => setClsDlg({ open: true, item: r }),
                t('Delete_classification_confirm'),
                (id) => delClass.mutate(id, { onSuccess: deleted }),
              ),
            ]}
          />
        </Card>
      </Col>
      <TagDialog
        open={tagDlg.open}
        tag={tagDlg.tag}
        classes={classList}
        onClose={() => setTagDlg({ open: false, tag: null })}
      />
      <ClassificationDialog
        open={clsDlg.open}
        item={clsDlg.item}
        onClose={() => setClsDlg({ open: false, item: null })}
      />
    </Row>
  );
}
