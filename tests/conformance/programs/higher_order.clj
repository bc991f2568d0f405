;; Functions as values.
;;;; ho_comp
[((comp inc inc) 1) ((comp str inc) 1) ((comp) 5) ((comp - +) 1 2 3)]
;;;; ho_comp_keywords
((comp :name first) [{:name "x"}])
;;;; ho_partial
[((partial + 10) 5) ((partial str "id-") 7) ((partial max 3) 1 9)]
;;;; ho_juxt
[((juxt :a :b) {:a 1 :b 2}) ((juxt first last count) [4 5 6])]
;;;; ho_complement
[((complement even?) 3) (filter (complement nil?) [1 nil 2])]
;;;; ho_constantly
[((constantly 7)) ((constantly 7) 1 2 3) (map (constantly :x) [1 2])]
;;;; ho_identity
[(identity 4) (filter identity [1 nil false 2]) (map identity "ab")]
;;;; ho_fnil
[((fnil inc 0) nil) ((fnil + 0 0) nil nil) ((fnil str "none") nil)]
;;;; ho_apply_partial
(apply (partial * 2) [3 4])
;;;; ho_fn_returning_fn
(defn multiplier [n] #(* n %))
(map (multiplier 3) [1 2 3])
;;;; ho_keyword_as_fn
(map :id [{:id 1} {:id 2}])
;;;; ho_map_as_fn
(map {:a 1 :b 2} [:a :b :c])
;;;; ho_set_as_fn
(filter #{"x" "z"} ["x" "y" "z"])
;;;; ho_vector_as_fn
(map [:zero :one :two] [2 0])
;;;; ho_higher_reduce
((reduce (fn [f g] (comp g f)) [inc #(* 2 %) dec]) 5)
;;;; ho_compose_pipeline
(let [pipeline [#(+ % 1) #(* % 10) str]] (reduce (fn [acc f] (f acc)) 4 pipeline))
;;;; ho_fn_pred
[(fn? inc) (fn? #(+ 1 %)) (fn? :a) (ifn? :a) (ifn? {}) (ifn? 1)]
;;;; ho_memo_like_reduce
(let [fib (fn [n] (loop [i 0 a 0 b 1] (if (= i n) a (recur (inc i) b (+ a b)))))] (map fib (range 10)))
;;;; ho_sort_with_comparator_fn
(sort (fn [a b] (compare (count a) (count b))) ["ccc" "a" "bb"])
;;;; ho_group_by_fn
(group-by #(if (neg? %) :neg :non-neg) [1 -2 3 -4 0])
;;;; ho_some_with_fn
(some (fn [m] (when (= (:id m) 2) (:name m))) [{:id 1 :name "a"} {:id 2 :name "b"}])
;;;; ho_every_with_keyword
(every? :active [{:active true} {:active 1}])
;;;; ho_mapv_multi_fn
(mapv (fn [a b] {:a a :b b}) [1 2] [:x :y])
;;;; ho_partial_map
(map (partial * 2) [1 2 3])
;;;; ho_closure_counter_pure
(let [make (fn [start] (fn [step] (+ start step)))] ((make 10) 5))
