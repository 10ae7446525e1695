/**
 * The step a tracked character follows: the last whose approximate level (the editor's estimate) the
 * character has reached; the first when it has reached none. A level-33 character on a levelling build
 * compares against its "Lvl 30" tree, not the endgame tree 90 passives away. Null without a level or
 * steps: the caller keeps its own default.
 */
export function stepForLevel(stepLevels: readonly number[], level: number | null | undefined): number | null {
  if (!stepLevels.length || !level || level < 1) return null;
  let found = 0;
  stepLevels.forEach((stepLevel, i) => {
    // An incomplete step estimates 0: it is reached as soon as the one before it is.
    if (stepLevel <= level) found = i;
  });
  return found;
}
