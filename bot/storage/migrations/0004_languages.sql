-- Reserved for languages (issue 7): the feature fills in this migration before its first release.
SELECT 1;
