import { CheckCircleTwoTone } from '@ant-design/icons';
import { Button, Form, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { compileSpjCode } from '../api/compile-check.js';
import type { FileRow, ProblemFormValues } from '../lib/form-model.js';
import { spjSignature } from '../lib/spj-compile.js';

/**
 * The "Compile" button under the checker / interactor code (doc 3 §4): sends the code, its language and the judge
 * extra files to compile-spj or compile-interactive, polls the result every second, then shows "Compiled
 * successfully" or a dialog with the compiler message. `compiled` is the spjSignature of the last successful
 * compile (a tick shows while the fields still match it); `onCompiled` receives the new one.
 */
export function SpjCompileButton(props: { compiled: string | null; onCompiled(signature: string): void }) {
  const { t } = useTranslation('adminProblem');
  const form = Form.useFormInstance<ProblemFormValues>();
  const [busy, setBusy] = useState(false);
  const { gid } = useAdminScope();
  const left = useRef(false);
  useEffect(
    () => () => {
      left.current = true;
    },
    [],
  );
  const judgeMode = Form.useWatch('judgeMode', form);
  const spjLanguage = Form.useWatch('spjLanguage', form);
  const spjCode = Form.useWatch('spjCode', form);
  const judgeExtraFiles = Form.useWatch('judgeExtraFiles', form);
  const current = spjSignature({ judgeMode, spjLanguage, spjCode, judgeExtraFiles: judgeExtraFiles ?? [] });
  const upToDate = props.compiled != null && props.compiled === current;

  const onCompile = async () => {
    const v = form.getFieldsValue(true) as ProblemFormValues;
    if (!v.spjLanguage || !(v.spjCode ?? '').trim()) {
      Modal.error({ title: t('Compile_error'), content: t('Checker_code_required') });
      return;
    }
    const files = (v.judgeExtraFiles ?? []).filter((f: FileRow) => f.name?.trim());
    const signature = spjSignature(v);
    setBusy(true);
    try {
      const r = await compileSpjCode(
        v.judgeMode === 'interactive' ? 'interactive' : 'spj',
        {
          code: v.spjCode,
          language: v.spjLanguage,
          extraFiles: files.length ? Object.fromEntries(files.map((f) => [f.name.trim(), f.content])) : null,
        },
        () => left.current,
        gid,
      );
      if (left.current) return;
      if (r.status === 'ok') {
        props.onCompiled(signature);
        notify.success(t('Compiled_successfully'));
      } else {
        Modal.error({
          title: t('Compile_error'),
          width: 720,
          content: (
            <pre
              style={{ maxHeight: 400, overflow: 'auto', whiteSpace: 'pre-wrap' }}
              data-testid="spj-compile-message"
            >
              {r.status === 'queued' ? t('Compile_no_judgehost') : r.message}
            </pre>
          ),
        });
      }
    } catch {
      // The api client already showed the server's message (400 / 403).
    } finally {
      if (!left.current) setBusy(false);
    }
  };

  return (
    <Space>
      <Button onClick={() => void onCompile()} loading={busy} data-testid="spj-compile">
        {busy ? t('Compiling') : t('Compile')}
      </Button>
      {upToDate && (
        <Typography.Text type="success" data-testid="spj-compiled">
          <CheckCircleTwoTone twoToneColor="#52c41a" /> {t('Compiled_successfully')}
        </Typography.Text>
      )}
    </Space>
  );
}
