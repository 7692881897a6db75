/** Query keys of public dashboards: the settings of one industry, and the public page's answer. */
export const publicDashboardKeys = {
  all: ['public-dashboard'] as const,
  settings: (tenantId: number) => [...publicDashboardKeys.all, 'settings', tenantId] as const,
  view: (publicId: string) => [...publicDashboardKeys.all, 'view', publicId] as const,
};
