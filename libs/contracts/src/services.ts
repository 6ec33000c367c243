/** The five back-end services. Each owns one database and one NATS queue group. */
export const SERVICE_NAMES = ['auth', 'catalog', 'ordering', 'customers', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}
