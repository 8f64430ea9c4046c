import type { SelectHTMLAttributes } from 'react';
import './native-select.css';

export interface NativeSelectProps<V extends string | number>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/**
 * A browser `<select>` drawn like antd's small inputs, for short fixed lists on pages that count their bytes (the
 * problem page's language and editor settings, issue 14): antd's Select brings rc-select and rc-virtual-list
 * (~22 KB brotli) for what the platform already does, keyboard and screen readers included. Values keep their type
 * (numbers stay numbers).
 */
export function NativeSelect<V extends string | number>({
  value,
  options,
  onChange,
  className,
  ...rest
}: NativeSelectProps<V>) {
  return (
    <select
      {...rest}
      className={className ? `oj-native-select ${className}` : 'oj-native-select'}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => {
        const picked = options.find((o) => String(o.value) === e.target.value);
        if (picked) onChange(picked.value);
      }}
    >
      {value === undefined && <option value="" disabled hidden />}
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
