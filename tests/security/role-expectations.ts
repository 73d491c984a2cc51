// What an administrator and a member may do, per operation, written out by hand from the README's
// role matrix ("Conventions of every domain": owners everything; administrators everything but
// deleting the business, removing people and changing their roles; members read the catalogue and write customers, their
// objects and appointments), NOT computed from server/tenancy/roles.ts: the authorization suite checks
// the server and that matrix against this table, so a wrong entry in the matrix (or a wrong
// `x-cita-authorization` in the contract) fails instead of being taken as the expectation.
//
// Every operation of a business is listed; a new one fails the suite until someone writes its line
// here, on purpose. Owners may do everything, so only the other two roles are written:
// [administrator, member], 'ok' where the role may call the operation and 403 where it is refused.
//
// Where the README's sentence is silent, the line follows what the README says elsewhere, named in
// the comment: members keep their own working hours and time off and their own calendar feed, and
// upload the photos of the customers and objects they edit.

export type Expectation = 'ok' | 403;

export const ROLE_EXPECTATIONS: Readonly<Record<string, readonly [admin: Expectation, member: Expectation]>> = {
  // The business itself: everyone reads it; administrators change it; only the owner deletes it.
  getTenant: ['ok', 'ok'],
  updateTenant: ['ok', 403],
  deleteTenant: [403, 403],

  // People: everyone sees the team; administrators invite and revoke; only the owner removes people.
  listTeamMembers: ['ok', 'ok'],
  inviteTeamMembers: ['ok', 403],
  revokeInvitation: ['ok', 403],
  removeTeamMember: [403, 403],
  // Issue 19: administrators set colours and who is bookable online; only the owner changes roles
  // (like removing people).
  updateTeamMember: ['ok', 403],
  changeTeamMemberRole: [403, 403],

  // Appointments: members write them.
  listAppointments: ['ok', 'ok'],
  createAppointment: ['ok', 'ok'],
  getAppointmentCalendar: ['ok', 'ok'],
  getAppointment: ['ok', 'ok'],
  updateAppointment: ['ok', 'ok'],
  deleteAppointment: ['ok', 'ok'],
  updateAppointmentRealTiming: ['ok', 'ok'],
  listCustomerAppointments: ['ok', 'ok'],
  previewAppointmentSeries: ['ok', 'ok'],
  changeAppointmentStatus: ['ok', 'ok'],

  // Working hours and time off (README: "Booking outside a member's working hours or in their time
  // off"): the walk calls them on the caller's own calendar, which a member keeps.
  getWorkingHours: ['ok', 'ok'],
  updateWorkingHours: ['ok', 'ok'],
  listTimeOff: ['ok', 'ok'],
  createTimeOff: ['ok', 'ok'],
  updateTimeOff: ['ok', 'ok'],
  deleteTimeOff: ['ok', 'ok'],

  // README: "Each team member can also subscribe their phone's calendar to their appointments".
  getCalendarFeed: ['ok', 'ok'],
  createCalendarFeed: ['ok', 'ok'],
  revokeCalendarFeed: ['ok', 'ok'],

  // Issue 18, "told what happens": every member reads and marks their own notifications.
  listStaffNotifications: ['ok', 'ok'],
  markStaffNotificationsRead: ['ok', 'ok'],

  // Appointment distinctions: part of the catalogue (members read it).
  listAppointmentDistinctions: ['ok', 'ok'],
  getAppointmentDistinction: ['ok', 'ok'],
  createAppointmentDistinction: ['ok', 403],
  updateAppointmentDistinction: ['ok', 403],
  deleteAppointmentDistinction: ['ok', 403],

  // Customers: members write them (import and export included).
  listCustomers: ['ok', 'ok'],
  searchCustomers: ['ok', 'ok'],
  createCustomer: ['ok', 'ok'],
  getCustomer: ['ok', 'ok'],
  updateCustomer: ['ok', 'ok'],
  deleteCustomer: ['ok', 'ok'],
  exportCustomers: ['ok', 'ok'],
  importCustomers: ['ok', 'ok'],
  exportCustomerData: ['ok', 'ok'],

  // Their objects: members write them.
  listServiceObjects: ['ok', 'ok'],
  searchServiceObjects: ['ok', 'ok'],
  createServiceObject: ['ok', 'ok'],
  getServiceObject: ['ok', 'ok'],
  updateServiceObject: ['ok', 'ok'],
  deleteServiceObject: ['ok', 'ok'],

  // Customer tags: catalogue (members read, do not change).
  listCustomerTags: ['ok', 'ok'],
  getCustomerTag: ['ok', 'ok'],
  createCustomerTag: ['ok', 403],
  updateCustomerTag: ['ok', 403],
  deleteCustomerTag: ['ok', 403],

  // Services: catalogue.
  listServices: ['ok', 'ok'],
  getService: ['ok', 'ok'],
  createService: ['ok', 403],
  updateService: ['ok', 403],
  deleteService: ['ok', 403],

  // Inventory: catalogue (stock adjustments change it too).
  listInventoryItems: ['ok', 'ok'],
  getInventoryItem: ['ok', 'ok'],
  listInventoryMovements: ['ok', 'ok'],
  createInventoryItem: ['ok', 403],
  updateInventoryItem: ['ok', 403],
  deleteInventoryItem: ['ok', 403],
  createInventoryAdjustment: ['ok', 403],

  // Payment methods: catalogue.
  listPaymentMethods: ['ok', 'ok'],
  getPaymentMethod: ['ok', 'ok'],
  createPaymentMethod: ['ok', 403],
  updatePaymentMethod: ['ok', 403],
  deletePaymentMethod: ['ok', 403],

  // Images (README: "served only to members of their business"): the photos of the customers and
  // objects members write.
  getAssetContent: ['ok', 'ok'],
  uploadAsset: ['ok', 'ok'],
  removeAsset: ['ok', 'ok'],

  // Sales and payments (README: "members charge and take payments; owners and administrators void
  // and refund").
  listSales: ['ok', 'ok'],
  getSale: ['ok', 'ok'],
  createSale: ['ok', 'ok'],
  voidSale: ['ok', 403],
  refundSale: ['ok', 403],
  listPaymentTransactions: ['ok', 'ok'],
  getPaymentTransaction: ['ok', 'ok'],
  createPaymentTransaction: ['ok', 'ok'],
  changePaymentTransactionStatus: ['ok', 'ok'],
  getCashUp: ['ok', 'ok'],
  // Invoices (issue 17, README role matrix): members draft, issue and send; owners and administrators
  // rectify and void. The invoicing settings are the business's data: administrators change them.
  createInvoice: ['ok', 'ok'],
  listInvoices: ['ok', 'ok'],
  getInvoice: ['ok', 'ok'],
  updateInvoice: ['ok', 'ok'],
  deleteInvoice: ['ok', 'ok'],
  issueInvoice: ['ok', 'ok'],
  sendInvoice: ['ok', 'ok'],
  getInvoicePdf: ['ok', 'ok'],
  verifyInvoiceChain: ['ok', 'ok'],
  rectifyInvoice: ['ok', 403],
  voidInvoice: ['ok', 403],
  getInvoiceSettings: ['ok', 'ok'],
  updateInvoiceSettings: ['ok', 403],
  // Figures (issue 20, README role matrix): everyone reads figures, a member only their own sales and
  // appointments (the handlers narrow them); the invoice register is the business's, for owners and
  // administrators.
  getSalesSummaryReport: ['ok', 'ok'],
  getSalesDetailedReport: ['ok', 'ok'],
  exportSalesDetailedCsv: ['ok', 'ok'],
  exportInvoiceRegisterCsv: ['ok', 403],
  fetchStatistics: ['ok', 'ok'],
  getDashboard: ['ok', 'ok'],

  // Expenses (issue 20, README role matrix): the business's spending, suppliers and receipts are for
  // owners and administrators; a member may neither see nor record them.
  createExpense: ['ok', 403],
  listExpenses: ['ok', 403],
  exportExpenses: ['ok', 403],
  scanExpense: ['ok', 403],
  getExpense: ['ok', 403],
  updateExpense: ['ok', 403],
  deleteExpense: ['ok', 403],

  // QR codes (issue 19, README role matrix): everyone reads and downloads them; owners and
  // administrators create, re-point and delete them.
  listQrCodes: ['ok', 'ok'],
  getQrCode: ['ok', 'ok'],
  getQrCodeImage: ['ok', 'ok'],
  createQrCode: ['ok', 403],
  updateQrCode: ['ok', 403],
  deleteQrCode: ['ok', 403],

  // The portfolio (README role matrix: like the catalogue, members read it; owners and administrators
  // add, change, delete and choose whether the booking page shows it).
  listPortfolioItems: ['ok', 'ok'],
  getPortfolioItem: ['ok', 'ok'],
  createPortfolioItem: ['ok', 403],
  updatePortfolioItem: ['ok', 403],
  deletePortfolioItem: ['ok', 403],
  getPortfolioSettings: ['ok', 'ok'],
  updatePortfolioSettings: ['ok', 403],
};
