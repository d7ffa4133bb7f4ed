/** Said of the code wherever the tenant's link asks for it: the phone step and the code step. */
export const KEEP_CODE_PRIVATE = 'لا تشاركه مع أحد، ولن يطلبه منك الوسيط.';
