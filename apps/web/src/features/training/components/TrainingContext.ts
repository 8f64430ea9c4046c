import type { TrainingAccessVo, TrainingVo } from '@oj/shared';
import { useOutletContext } from 'react-router';

/** What the training shell hands its tabs (through the router outlet). */
export interface TrainingShellContext {
  training: TrainingVo & { description: string };
  access: TrainingAccessVo;
}

/** The shell context inside a training tab. */
export const useTrainingShell = () => useOutletContext<TrainingShellContext>();
