import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useForgetTrainingOnLeave } from './forget.js';
import { trainingKeys } from './keys.js';

describe('useForgetTrainingOnLeave', () => {
  it("drops the training's queries when the shell unmounts or moves to another training, and nothing else", () => {
    const qc = new QueryClient();
    const seed = (tid: number) => {
      qc.setQueryData(trainingKeys.detail(tid), { id: tid });
      qc.setQueryData(trainingKeys.problems(tid), []);
      qc.setQueryData(trainingKeys.rank(tid, { currentPage: 1 }), { records: [] });
      qc.setQueryData(trainingKeys.problem(tid, 'A'), { id: 1 });
    };
    seed(1);
    seed(2);
    qc.setQueryData(trainingKeys.list({ currentPage: 1, limit: 15 }), { records: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    );
    const count = (tid: number) => qc.getQueryCache().findAll({ queryKey: trainingKeys.one(tid) }).length;
    const hook = renderHook(({ tid }) => useForgetTrainingOnLeave(tid), {
      wrapper,
      initialProps: { tid: 1 },
    });
    expect(count(1)).toBe(4); // mounted: kept
    hook.rerender({ tid: 2 }); // another training in the same shell: the first one is left
    expect(count(1)).toBe(0);
    expect(count(2)).toBe(4);
    hook.unmount();
    expect(count(2)).toBe(0);
    expect(qc.getQueryData(trainingKeys.list({ currentPage: 1, limit: 15 }))).toEqual({ records: [] });
  });
});
