/** An antd Form rule from a check that answers the problem's message, or undefined when fine. */
export const rule = <T = string | undefined>(check: (value: T) => string | null | undefined) => ({
  validator: (_: unknown, value: T) => {
    const problem = check(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
