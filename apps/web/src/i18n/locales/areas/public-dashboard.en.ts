/**
 * English texts of public dashboards: the industry's settings screen
 * (`/publicDashboard`), the public page its link opens and the public API's
 * documentation (`/public/api/details`).
 */
export const publicDashboardEn = {
  navLabel: 'Public dashboard',
  settings: {
    title: 'Public dashboard',
    intro:
      'Publish the latest 15-minute values of chosen monitoring points and parameters on a public page anyone with the link can open, without signing in.',
    industry: 'Industry',
    chooseIndustry: 'Choose an industry to see its public dashboard.',
    industryPlaceholder: 'Choose an industry',
    industrySearchHint: 'Type part of the industry’s name',
    industryNothingFound: 'No industry matches',
    industrySearchError: 'The industries could not be searched.',
    loadError: 'The public dashboard could not be loaded.',
    notPublished: 'Not published',
    published: 'Published',
    noPoints: 'This industry has no monitoring points yet. Add monitoring points and devices first.',
    pointsLegend: 'Monitoring points and parameters shown',
    pointsHint: 'Choose the monitoring points, then the parameters of each to publish.',
    noParameters: 'No parameters are measured here yet.',
    showCharts: 'Show 24-hour charts',
    optIn: 'Publish dashboard',
    save: 'Save changes',
    saved: 'The public dashboard was saved.',
    link: 'Public link',
    copy: 'Copy link',
    copied: 'Copied',
    open: 'Open',
    revoke: 'Revoke link',
    revokeTitle: 'Revoke the public link?',
    revokeMessage:
      'The link stops working at once for everyone who has it. Publishing again makes a new link.',
    revoked: 'The public link was revoked.',
    readOnly: 'Only the industry’s administrators can change its public dashboard.',
    pointsRequired: 'Choose at least one monitoring point',
    parametersRequired: 'Choose at least one parameter',
  },
  view: {
    loading: 'Loading the dashboard…',
    loadError: 'The dashboard could not be loaded.',
    notAvailableTitle: 'This dashboard is not available',
    notAvailableMessage: 'The link may have been revoked or mistyped. Ask the industry for a new link.',
    updated: 'Values as of {{time}} IST · refreshed every minute',
    noParameters: 'No parameters are published for this monitoring point.',
    noData: 'No data in the last 24 hours',
    latestAt: 'at {{time}} IST',
    chartLabel: '{{parameter}} over the last 24 hours',
    noChartData: 'No values to draw in the last 24 hours.',
    poweredBy: 'Continuous monitoring data published by the industry through Vayu.',
  },
  api: {
    title: 'Public dashboard API',
    intro:
      'Industries that publish a public dashboard share its data through this read-only API. It needs no sign-in: the public id in the dashboard’s link is the key.',
    endpoints: 'Endpoints',
    parameters: 'Query parameters',
    parameter: 'Parameter',
    required: 'Required',
    description: 'Description',
    yes: 'Yes',
    example: 'Example',
    exampleRequest: 'Request',
    exampleResponse: 'Response',
    errors: 'Errors',
    errorsText:
      'Errors answer `{ "error": { "code", "message" } }`: 404 NOT_FOUND for an unknown or revoked id, 400 VALIDATION_FAILED for a malformed request, 429 RATE_LIMITED when the limit is reached.',
    limits: 'Rate limits',
    limitsText:
      'Each client address may call each endpoint a limited number of times a minute. Past the limit the answer is 429 with a Retry-After header giving the seconds to wait.',
    caching: 'Caching',
    cachingText:
      'Answers carry `Cache-Control: public, max-age={{seconds}}`: values are read at most every {{seconds}} seconds, so asking more often returns the same answer. A revoked link answers 404 at once.',
    openApi: 'The full OpenAPI document is at /api/docs.',
  },
} as const;
