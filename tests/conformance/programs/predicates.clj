;; Type predicates and collection traits.
;;;; pred_types
[(nil? nil) (some? nil) (some? false) (string? "s") (keyword? :k) (symbol? 'k) (char? \c) (boolean? false) (boolean? nil)]
;;;; pred_collections
[(map? {}) (vector? []) (seq? '(1)) (seq? [1]) (coll? []) (coll? "s") (sequential? []) (sequential? {})]
;;;; pred_seq_of_lazy
[(seq? (map inc [1])) (vector? (map inc [1])) (seq? (filter odd? [1])) (vector? (mapv inc [1]))]
;;;; pred_assoc_traits
[(associative? {}) (associative? []) (associative? '()) (counted? [1]) (indexed? [1]) (indexed? '(1)) (reversible? [])]
;;;; pred_seqable
[(seqable? nil) (seqable? "s") (seqable? []) (seqable? 1)]
;;;; pred_sorted
[(sorted? (sorted-set 1)) (sorted? #{1}) (sorted? [1 2])]
;;;; pred_empty_collections
[(empty? '()) (empty? (range 0)) (empty? (filter neg? [1 2]))]
;;;; pred_keyword_fn_on_vector
(:a [1 2])
;;;; pred_some_vs_nil
(map some? [nil false 0 ""])
;;;; pred_true_false
(map (juxt true? false? nil?) [true false nil])
