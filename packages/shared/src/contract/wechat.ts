/** WeChat: JS-SDK, sign-in and binding. */
export const wechatApi = {};
