// The calls the news screens make (002 §7; .tmp/blog-api.md): a page of posts,
// one post, create, update (the whole post, or only is_featured from the
// list's star), delete, the kept versions and one whole (to look at and load into the editor); categories and tags
// listed, created, renamed and deleted.
import type { BlogCategory, BlogPost, BlogPostInput, BlogPostList, BlogPostRevision, BlogPostVersion, BlogTag } from "#contract/blog.ts";
import { apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { BLOG_API, postsPath, type ListFilters } from "./blog-list.ts";

const POSTS = `${BLOG_API}/posts`;

export const fetchPosts = (filters: ListFilters, signal?: AbortSignal) => apiGet<BlogPostList>(postsPath(filters), signal);
export const fetchPost = async (id: number, signal?: AbortSignal) => (await apiGet<{ post: BlogPost }>(`${POSTS}/${id}`, signal)).post;
export const createPost = (body: BlogPostInput) => apiRequest<{ post: BlogPost }>(POSTS, { method: "POST", body });
export const updatePost = (id: number, body: Partial<BlogPostInput>) => apiRequest<{ post: BlogPost }>(`${POSTS}/${id}`, { method: "PUT", body });
/** The list's star: only the flag is sent, every other field keeps its stored value. */
export const setFeatured = (id: number, featured: boolean) => updatePost(id, { is_featured: featured ? 1 : 0 });
export const deletePost = (id: number) => apiRequest<unknown>(`${POSTS}/${id}`, { method: "DELETE" });

export const fetchRevisions = async (id: number, signal?: AbortSignal) => (await apiGet<{ revisions: BlogPostRevision[] }>(`${POSTS}/${id}/revisions`, signal)).revisions;
export const fetchVersion = async (id: number, revisionId: number, signal?: AbortSignal) =>
  (await apiGet<{ revision: BlogPostVersion }>(`${POSTS}/${id}/revisions/${revisionId}`, signal)).revision;

const CATEGORIES = `${BLOG_API}/categories`;
export const fetchCategories = async (signal?: AbortSignal) => (await apiGet<{ categories: BlogCategory[] }>(CATEGORIES, signal)).categories;
export const createCategory = (body: { name: string; slug: string }) => apiRequest<{ category: BlogCategory }>(CATEGORIES, { method: "POST", body });
export const updateCategory = (id: number, body: { name: string; slug: string }) => apiRequest<{ category: BlogCategory }>(`${CATEGORIES}/${id}`, { method: "PUT", body });
export const deleteCategory = (id: number) => apiRequest<unknown>(`${CATEGORIES}/${id}`, { method: "DELETE" });

const TAGS = `${BLOG_API}/tags`;
export const fetchTags = async (signal?: AbortSignal) => (await apiGet<{ tags: BlogTag[] }>(TAGS, signal)).tags;
export const createTag = (body: { name: string }) => apiRequest<{ tag: BlogTag }>(TAGS, { method: "POST", body });
export const renameTag = (id: number, body: { name: string }) => apiRequest<{ tag: BlogTag }>(`${TAGS}/${id}`, { method: "PUT", body });
export const deleteTag = (id: number) => apiRequest<unknown>(`${TAGS}/${id}`, { method: "DELETE" });
