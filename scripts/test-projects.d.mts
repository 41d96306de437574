export const WITHOUT_DATABASE: string[];
export const WITH_DATABASE: string[];
export const QUICK: string[];
