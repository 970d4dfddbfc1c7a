/**
 * Series colours, in order: twenty distinguishable hues (d3's category10, then ten more of other hue and lightness),
 * mid-toned so each reads on the light and the dark background alike; a pie repeats a colour only after 20 slices.
 */
export const PALETTE = [
  '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf',
  '#5254a3', '#8ca252', '#bd9e39', '#ad494a', '#a55194', '#6baed6', '#74c476', '#9e9ac8', '#e7969c', '#c49c94',
];
export const color = (i: number): string => PALETTE[i % PALETTE.length];
