;; Sets, clojure.set and clojure.walk. Set results are sorted before printing.
;;;; sets_literal_single
#{:only}
;;;; sets_set_fn_sorted
(sort (set [3 1 2 3 1]))
;;;; sets_hash_set_count
[(count (hash-set 1 2 2 3)) (contains? (hash-set :a) :a)]
;;;; sets_conj_disj
(sort (disj (conj #{1 2} 3 4) 2))
;;;; sets_contains
[(contains? #{1 2} 2) (#{1 2} 3) (#{:a :b} :a) (get #{:a} :a)]
;;;; sets_union
(sort (set/union #{1 2} #{2 3} #{5}))
;;;; sets_intersection
(sort (set/intersection #{1 2 3 4} #{2 4 6} #{4 2}))
;;;; sets_difference
(sort (set/difference #{1 2 3 4} #{2} #{4}))
;;;; sets_subset_superset
[(set/subset? #{1} #{1 2}) (set/subset? #{3} #{1 2}) (set/superset? #{1 2} #{2}) (set/superset? #{1} #{1 2})]
;;;; sets_map_invert
(set/map-invert {:a 1 :b 2})
;;;; sets_rename_keys
(set/rename-keys {:a 1 :b 2 :c 3} {:a :x :c :z})
;;;; sets_select
(sort (set/select even? #{1 2 3 4}))
;;;; sets_project
(sort-by :id (set/project #{{:id 1 :n "a" :x 0} {:id 2 :n "b" :x 0}} [:id :n]))
;;;; sets_index
(let [idx (set/index #{{:t :a :v 1} {:t :b :v 2} {:t :a :v 3}} [:t])]
  (sort (map :v (get idx {:t :a}))))
;;;; sets_join
(map (juxt :id :name :score) (set/join #{{:id 1 :name "a"} {:id 2 :name "b"}} #{{:id 1 :score 9}}))
;;;; sets_set_pred
[(set? #{}) (set? []) (coll? #{}) (empty? #{})]
;;;; sets_distinct_count_via_set
(count (set "mississippi"))
;;;; sets_into_sorted
(sort (into #{} (map #(mod % 3) (range 10))))
;;;; sets_sorted_set
(sorted-set 3 1 2)
;;;; sets_equality
[(= #{1 2 3} #{3 2 1}) (= #{1} [1])]
;;;; sets_filter_by_membership
(let [banned #{"bob" "eve"}] (remove banned ["ann" "bob" "cat" "eve"]))
;;;; walk_postwalk
(walk/postwalk #(if (number? %) (inc %) %) {:a 1 :b [2 3 {:c 4}]})
;;;; walk_prewalk
(walk/prewalk #(if (and (vector? %) (= :skip (first %))) [:skipped] %) [[:skip 1 2] [:keep 3]])
;;;; walk_postwalk_collect_order
(let [seen (walk/postwalk (fn [x] (if (number? x) [x] x)) [1 [2 3]])] seen)
;;;; walk_walk
(walk/walk inc #(apply + %) [1 2 3])
;;;; walk_keywordize_keys
(walk/keywordize-keys {"a" 1 "b" {"c" 2}})
;;;; walk_stringify_keys
(walk/stringify-keys {:a 1 :b {:c [{:d 2}]}})
;;;; walk_postwalk_replace
(walk/postwalk-replace {:x 10 :y 20} [:x [:y :z]])
;;;; walk_prewalk_replace
(walk/prewalk-replace {'a 'b} '(f a (g a)))
