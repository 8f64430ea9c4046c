import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatementText } from './StatementText.js';

describe('StatementText', () => {
  it('renders markdown with inline HTML: table, code, heading and the tags, sanitized', async () => {
    const source = [
      '## Task',
      '',
      'Read <b>n</b>; 10<sup>9</sup> at most.<img src="x.png" onerror="alert(1)"><script>alert(2)</script>',
      '',
      '| n | answer |',
      '|---|--------|',
      '| 1 | 2 |',
      '',
      '```',
      'int main() {}',
      '```',
    ].join('\n');
    const { container } = render(<StatementText source={source} />);
    expect(await screen.findByRole('heading', { name: 'Task' }, { timeout: 15_000 })).toBeTruthy();
    expect(container.querySelector('table td')?.textContent).toBe('1');
    expect(container.querySelector('pre code')?.textContent).toBe('int main() {}\n');
    expect(container.querySelector('b')?.textContent).toBe('n');
    expect(container.querySelector('sup')?.textContent).toBe('9');
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).not.toContain('<b>');
  });
});
