/**
 * Lets a month's 'let at' median needs before it is shown on a public
 * surface (the rent trends, the open rent data): one let's rent is someone's
 * own agreement (issue 44). Its own module: the results page's chart reads it.
 */
export const MIN_LET_SAMPLE = 5;
