import {
  DIALOG_DEFAULTS,
  FIELD_MESSAGES,
  INVALID_CREDENTIALS_MESSAGE,
  LOADING_OVERLAY_MESSAGE,
  PASSWORD_RULES,
  PASSWORDS_DO_NOT_MATCH,
  type PasswordRuleKey,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@vayu/domain';
import { auditEn } from './areas/audit.en';
import { mastersEn } from './areas/masters.en';
import { peopleEn } from './areas/people.en';
import { tenantsEn } from './areas/tenants.en';

/**
 * English texts. Texts the specification fixes (dialog defaults, field messages,
 * server messages) come from the domain package so there is one source for them.
 */
export const en = {
  common: {
    appName: 'Vayu',
    loading: LOADING_OVERLAY_MESSAGE,
    retry: 'Retry',
    notSet: '—',
    showCharacters: 'Show characters',
    skipToContent: 'Skip to main content',
  },
  errorPage: {
    title: 'Something went wrong',
    message: 'This page could not be shown. Reload the page to try again.',
    reload: 'Reload',
  },
  errors: {
    network: 'The server could not be reached. Check your connection and try again.',
    unknown: DIALOG_DEFAULTS.error,
  },
  nav: {
    main: 'Main navigation',
    toggle: 'Toggle navigation',
    home: 'Home',
    partners: 'Partners',
  },
  header: {
    module: 'Module',
    moduleMenu: 'Application module',
    currentModule: 'Module: {{module}}',
    languageMenu: 'Language',
    userMenu: 'User menu for {{userName}}',
    profile: 'Profile',
    signOut: 'Sign out',
  },
  modules: {
    enviro: 'Enviro',
    gen: 'Gen',
    energy: 'Energy',
  },
  userTypes: {
    site: 'Site',
    partner: 'Partner',
    tenant: 'Industry',
    statutory: 'Statutory',
    corporate: 'Corporate',
  },
  roles: {
    admin: 'Admin',
    user: 'User',
  },
  statuses: {
    ENABLED: 'Enabled',
    DISABLED: 'Disabled',
    DELETED: 'Deleted',
  },
  auth: {
    title: 'Sign in to Vayu',
    subtitle: 'Environmental and energy monitoring administration',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    signedInTitle: 'You are already signed in',
    signedInAs: 'Signed in as {{userName}}',
    continue: 'Continue',
    signOut: 'Sign out',
    invalidCredentials: INVALID_CREDENTIALS_MESSAGE,
    tooManyAttempts: TOO_MANY_ATTEMPTS_MESSAGE,
  },
  unauthorised: {
    title: 'Access denied',
    message: 'You do not have permission to open this page. If you think you should, ask your administrator.',
    home: 'Go to home',
  },
  home: {
    title: 'Home',
    greeting: 'Welcome, {{name}}',
    account: '{{account}} · {{type}} account',
    industries: 'Industries',
    enabled: 'Enabled',
    disabled: 'Disabled',
    partners: 'Partners',
    users: 'Users',
    loadError: 'The summary could not be loaded.',
  },
  profile: {
    title: 'User Profile',
    userName: 'User name',
    email: 'E-mail',
    phone: 'Phone',
    userType: 'User type',
    role: 'Role',
    accountName: 'Account name',
    accountType: 'Account type',
    changePassword: 'Change Password',
  },
  changePassword: {
    title: 'Change Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    rulesHeading: 'The new password must:',
    ruleMet: 'met',
    ruleNotMet: 'not met',
    submit: 'Change password',
    cancel: 'Cancel',
    success: 'Change password successfully.',
    failure: 'Error in change password.',
  },
  passwordRules: Object.fromEntries(PASSWORD_RULES.map((rule) => [rule.key, rule.message])) as Record<
    PasswordRuleKey,
    string
  >,
  partners: {
    title: 'Partners',
    statusFilter: 'Status',
    all: 'All',
    enabled: 'Enabled',
    disabled: 'Disabled',
    caption: 'Partners ({{count}})',
    name: 'Name',
    email: 'E-mail',
    contactNo: 'Contact no.',
    city: 'City',
    state: 'State',
    industries: 'Industries',
    status: 'Status',
    empty: 'No partners found',
    loadError: 'The partners could not be loaded.',
  },
  pagination: {
    label: 'Pagination',
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
    page: 'Page {{page}}',
    goTo: 'Go to page',
    go: 'Go',
    invalidPage: 'Enter a page number from 1 to {{last}}',
  },
  dialogs: {
    confirmTitle: 'Please confirm',
    errorTitle: 'Error',
    notifyTitle: 'Notification',
    waitTitle: 'Please wait',
    confirm: 'Confirm',
    cancel: 'Cancel',
    close: 'Close',
    ok: 'OK',
    defaultConfirm: DIALOG_DEFAULTS.confirm,
    defaultError: DIALOG_DEFAULTS.error,
    defaultNotify: DIALOG_DEFAULTS.notify,
    defaultWait: DIALOG_DEFAULTS.wait,
  },
  validation: {
    required: FIELD_MESSAGES.required,
    number: FIELD_MESSAGES.number,
    email: FIELD_MESSAGES.email,
    pattern: FIELD_MESSAGES.pattern,
    minLength: 'Must be at least {{count}} characters',
    maxLength: 'Must be at most {{count}} characters',
    min: 'Must be {{min}} or more',
    max: 'Must be {{max}} or less',
    passwordsDoNotMatch: PASSWORDS_DO_NOT_MATCH,
  },
  tenants: tenantsEn,
  people: peopleEn,
  masters: mastersEn,
  audit: auditEn,
  languages: {
    en: 'English',
    hi: 'हिन्दी',
  },
} as const;

export type TranslationShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]>;
};

/** The shape every other language must fill in completely. */
export type Translations = TranslationShape<typeof en>;
