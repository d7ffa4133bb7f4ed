/** An error the client may see: Arabic message for the user, stable code for programs. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notSignedIn = () => new AppError(401, 'UNAUTHENTICATED', 'يرجى تسجيل الدخول أولاً');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'غير مخول للوصول لهذه الصفحة');
export const notFound = (message = 'العنصر المطلوب غير موجود') =>
  new AppError(404, 'NOT_FOUND', message);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    'محاولات كثيرة، يرجى المحاولة لاحقاً',
    { retryAfter: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
