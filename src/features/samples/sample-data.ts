// Hard-coded demo content for the template pages (spec: not part of the product's behaviour).
export const sampleStats = [
  { label: 'Active providers', value: '128', change: '+6 this month' },
  { label: 'Listed products', value: '1,942', change: '+84 this month' },
  { label: 'Average rating', value: '4.6', change: '+0.1 this month' },
  { label: 'Orders this week', value: '316', change: '-3% on last week' },
]

export const sampleWeeklyOrders = [
  { day: 'Mon', orders: 38 },
  { day: 'Tue', orders: 52 },
  { day: 'Wed', orders: 47 },
  { day: 'Thu', orders: 61 },
  { day: 'Fri', orders: 58 },
  { day: 'Sat', orders: 34 },
  { day: 'Sun', orders: 26 },
]

export const sampleProjects = [
  { name: 'Lagos onboarding drive', owner: 'Adaeze Okafor', progress: 72, status: 'On track' },
  { name: 'Catalogue photo refresh', owner: 'Tunde Bakare', progress: 45, status: 'At risk' },
  { name: 'Abuja category review', owner: 'Ngozi Eze', progress: 90, status: 'On track' },
  { name: 'Pricing audit Q3', owner: 'Kunle Adeyemi', progress: 20, status: 'Planned' },
]

export const sampleTasks = [
  { title: 'Verify new provider documents', assignee: 'Adaeze Okafor', due: 'Today', done: false },
  { title: 'Approve product image batch', assignee: 'Tunde Bakare', due: 'Tomorrow', done: false },
  { title: 'Merge duplicate categories', assignee: 'Ngozi Eze', due: 'Fri', done: true },
  { title: 'Reply to provider enquiries', assignee: 'Kunle Adeyemi', due: 'Mon', done: false },
  { title: 'Publish delivery-time guidelines', assignee: 'Amaka Nwosu', due: 'Done', done: true },
]

export const sampleSettings = [
  {
    section: 'General',
    items: [
      { label: 'Workspace name', value: 'Marketplace Admin' },
      { label: 'Time zone', value: 'Africa/Lagos (WAT)' },
      { label: 'Currency', value: 'Nigerian naira (₦)' },
    ],
  },
  {
    section: 'Notifications',
    items: [
      { label: 'New provider sign-ups', value: 'Email' },
      { label: 'Weekly summary', value: 'Every Monday' },
    ],
  },
]

export const sampleProfile = {
  name: 'Adaeze Okafor',
  role: 'Operations lead',
  email: 'adaeze@example.com',
  phone: '+234 801 234 5678',
  location: 'Lagos, Nigeria',
  joined: 'March 2023',
}
