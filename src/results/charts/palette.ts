/** Series colours, in order; a ten-colour categorical scale like the one Zeppelin's charts used. */
export const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
export const color = (i: number): string => PALETTE[i % PALETTE.length];
