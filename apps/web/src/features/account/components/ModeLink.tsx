import { Button } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { type LoginMode, session } from '../../../lib/session.js';

/** A small link button of the sign-in modal that switches it to another form (Login, Register, ResetPwd). */
export function ModeLink(props: { mode: LoginMode; style?: CSSProperties; children: ReactNode }) {
  return (
    <Button
      type="link"
      size="small"
      onClick={() => session.setLoginMode(props.mode)}
      style={{ padding: 0, ...props.style }}
    >
      {props.children}
    </Button>
  );
}
