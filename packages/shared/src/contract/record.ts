/** Reports: submit, lists, detail, audit, images, dynamics and the external arrival list. */
export const recordApi = {};
