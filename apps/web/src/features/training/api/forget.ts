import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trainingKeys } from './keys.js';

/** Removes everything cached about training `tid` (detail, access, problems, problem pages, rank pages). */
export function forgetTraining(qc: QueryClient, tid: number): void {
  qc.removeQueries({ queryKey: trainingKeys.one(tid) });
}

/**
 * Doc 2 §2.13 "Leaving the page clears loaded data": while mounted nothing happens; when the /training/:tid shell
 * unmounts, or moves to another training, that training's queries leave the TanStack Query cache (the list and
 * the categories stay). Takes the training id; returns nothing.
 */
export function useForgetTrainingOnLeave(tid: number): void {
  const qc = useQueryClient();
  useEffect(() => () => forgetTraining(qc, tid), [qc, tid]);
}
