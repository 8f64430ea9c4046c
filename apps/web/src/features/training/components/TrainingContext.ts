import type { TrainingAccessVo, TrainingVo } from '@oj/shared';
import { useOutletContext } from 'react-router';

/** What the training shell hands its tabs (through the router outlet). */
export interface TrainingShellContext {
  training: TrainingVo & { description: string };
  access: TrainingAccessVo;
  /** The training's address: /training/:tid, or /group/:gid/training/:tid for a group's training (doc 3 §2). */
  base: string;
  /** The group of a group training opened inside its group; undefined for the site's trainings. */
  gid?: number;
}

/** The shell context inside a training tab. */
export const useTrainingShell = () => useOutletContext<TrainingShellContext>();
