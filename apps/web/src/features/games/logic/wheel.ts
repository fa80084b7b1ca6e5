import { DOUBLE_ROLL_COUNT, DOUBLE_WHEEL_ORDER, type DoubleColor, doubleColor } from '@aposta/fair';

// The double strip: DOUBLE_WHEEL_ORDER repeated, moving left until the rolled number sits under the
// centre marker. Positions are counted in tiles from the strip's first tile.

/** Repetitions of the wheel drawn in the strip: enough for a few full turns per spin. */
export const stripLoopCount = 8;
export const stripTileCount = stripLoopCount * DOUBLE_ROLL_COUNT;
/** Full turns a spin makes at least. */
export const spinLoopsMin = 3;

export interface StripTile {
  key: number;
  roll: number;
  color: DoubleColor;
}

export const stripTiles: readonly StripTile[] = Array.from({ length: stripTileCount }, (_, key) => {
  const roll = DOUBLE_WHEEL_ORDER[key % DOUBLE_ROLL_COUNT]!;
  return { key, roll, color: doubleColor(roll) };
});

/** Where a roll sits in one turn of the wheel. */
export function wheelSlotOf(roll: number): number {
  const slot = DOUBLE_WHEEL_ORDER.indexOf(roll);
  if (slot < 0) throw new RangeError('roll must be 0..14');
  return slot;
}

/** A resting position in the second turn, so there are tiles on both sides of the marker. */
export function restingPosition(roll: number): number {
  return DOUBLE_ROLL_COUNT + wheelSlotOf(roll);
}

/** The same place on the wheel, moved into the second turn (where a spin starts from, without motion). */
export function spinStart(from: number): number {
  const slot = ((Math.round(from) % DOUBLE_ROLL_COUNT) + DOUBLE_ROLL_COUNT) % DOUBLE_ROLL_COUNT;
  return DOUBLE_ROLL_COUNT + slot;
}

/** Where a spin from `from` lands: `spinLoopsMin` full turns further, then on to the roll's slot. */
export function spinTarget(from: number, roll: number): number {
  const start = spinStart(from);
  const ahead = (wheelSlotOf(roll) - (start % DOUBLE_ROLL_COUNT) + DOUBLE_ROLL_COUNT) % DOUBLE_ROLL_COUNT;
  return start + spinLoopsMin * DOUBLE_ROLL_COUNT + ahead;
}
