/** Points have two decimal places: what a user types beyond that is refused, what is worked out rounds. */
export const POINTS_DECIMALS = 2;
